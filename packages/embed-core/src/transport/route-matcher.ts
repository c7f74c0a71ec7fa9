/**
 * Matches paths such as `/reports/:uniqueId/events/:eventName` against request URLs. Static segments
 * rank above `:params`, which rank above `*globs`, so the most specific route wins regardless of the
 * order of registration (the behaviour of route-recognizer that the protocol relies on).
 */
export interface CompiledRoute<H> {
  pattern: string;
  handler: H;
  segments: string[];
  score: number;
}

export function compileRoute<H>(pattern: string, handler: H): CompiledRoute<H> {
  const segments = pattern.split('/').filter(Boolean);
  // Higher is more specific: each static segment weighs most, params less, globs nothing.
  const score = segments.reduce(
    (sum, s) => sum + (s.startsWith('*') ? 0 : s.startsWith(':') ? 1 : 3),
    0,
  );
  return { pattern, handler, segments, score };
}

export interface RouteMatch<H> {
  handler: H;
  params: Record<string, string>;
  queryParams: Record<string, string>;
}

export function matchRoutes<H>(
  routes: ReadonlyArray<CompiledRoute<H>>,
  url: string,
): RouteMatch<H> | undefined {
  const [path = '', query = ''] = url.split('?', 2);
  const parts = path.split('/').filter(Boolean);
  let best: { route: CompiledRoute<H>; params: Record<string, string> } | undefined;
  for (const route of routes) {
    const params = matchSegments(route.segments, parts);
    if (params && (!best || route.score > best.route.score)) best = { route, params };
  }
  if (!best) return undefined;
  return { handler: best.route.handler, params: best.params, queryParams: parseQuery(query) };
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (segment.startsWith('*')) {
      params[segment.slice(1)] = parts.slice(i).map(safeDecode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(part);
    else if (segment !== part) return undefined;
  }
  return segments.length === parts.length ? params : undefined;
}

function parseQuery(query: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!query) return out;
  for (const pair of query.split('&')) {
    const [k = '', v = ''] = pair.split('=', 2);
    if (k) out[safeDecode(k)] = safeDecode(v);
  }
  return out;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
