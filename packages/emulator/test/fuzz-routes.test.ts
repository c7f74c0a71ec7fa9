import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorPlugin } from '../src/app.ts';
import { createEmulatorContext, type EmulatorContext } from '../src/context.ts';
import { mintEmbedToken } from '../src/test-kit.ts';
import type { JsonSchema } from '../src/validation/json-schema.ts';

/**
 * Hostile input against every route the emulator registers, generated from the routes themselves:
 * they come from Fastify's onRoute (a new route is fuzzed without being listed here), their bodies
 * from the schemas they declare. Every answer must be below 500, within a time bound (no hang), and an error
 * must have the area's JSON error shape with a stable code. A route taking a body without a schema
 * fails the suite: nothing reaches a handler unchecked.
 */
interface Route {
  method: string;
  url: string;
  options: RouteOptions;
}

const routes: Route[] = [];
let context: EmulatorContext;
let base = '';
let appToken = '';
let embedToken = '';
let requests = 0;
const failures: string[] = [];
const app = Fastify();

beforeAll(async () => {
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: options.url, options });
    }
  });
  context = await createEmulatorContext({ rows: 2000, queriesPerMinute: 1_000_000 });
  await app.register(emulatorPlugin, { context });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  appToken = context.tokens.issueAppToken(context.config.clients[0]?.clientId ?? '', 3600).token;
  embedToken = mintEmbedToken(context).token;
}, 60_000);
afterAll(async () => {
  await app.close();
  context.close();
});

const uuid = '0badf00d-0000-4000-8000-00000000dead';
const unicode = 'ünï\u0000cødé \u202e ☃ 🎉 \ud800';

/** Values for a path parameter: the real id first, then ids that must be refused cleanly. */
function paramValues(name: string): string[] {
  const sample = context.sample as Record<string, string>;
  const real: Record<string, string | undefined> = {
    groupId: sample.groupId,
    reportId: sample.salesReportId,
    datasetId: sample.datasetId,
    dashboardId: sample.dashboardId,
    tileId: context.registry.dashboards.get(sample.dashboardId ?? '')?.definition.tiles[0]?.id,
    tenantId: context.config.tenantId,
  };
  return [
    real[name] ?? 'x',
    uuid,
    sample.securedReportId ?? uuid,
    encodeURIComponent('ünïcødé \u202e ☃ 🎉'),
    'x'.repeat(3000),
    '..%2F..%2Fetc',
    '%00',
    '[object Object]',
  ];
}

/** A body that satisfies the schema's required parts, from the sample content. */
function validBody(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  const types = [schema.type ?? 'object'].flat();
  if (schema.enum) return schema.enum[0];
  if (types.includes('object')) {
    const body: Record<string, unknown> = {};
    for (const key of schema.required ?? []) body[key] = validBody(schema.properties?.[key]);
    if (schema.required?.includes('datasetId')) body.datasetId = context.sample.datasetId;
    return body;
  }
  if (types.includes('array')) return [];
  if (types.includes('string')) return 'Fuzz';
  if (types.includes('integer') || types.includes('number')) return schema.minimum ?? 1;
  if (types.includes('boolean')) return true;
  return null;
}

let deep: unknown = 'bottom';
for (let i = 0; i < 60; i += 1) deep = [deep];
/** Values of the wrong type, shape or size for any field. */
const hostileValues: unknown[] = [
  null,
  true,
  -1,
  1e308,
  'x'.repeat(20_000),
  unicode,
  [],
  Array.from({ length: 5000 }, (_, i) => i),
  [[['nested']]],
  {},
  { id: { id: {} } },
  { __proto__: { polluted: true }, constructor: { prototype: {} } },
  deep,
];
/** Field names handlers have tripped over; sent to every body route whatever its schema says. */
const suspectKeys = [
  'id',
  'name',
  'datasetId',
  'reports',
  'datasets',
  'dashboards',
  'tiles',
  'identities',
  'targetWorkspaces',
  'definition',
  'pages',
  'filters',
  'state',
  'groupBy',
  'measures',
  'format',
  'accessLevel',
];

interface Attempt {
  body?: string;
  contentType?: string;
  label: string;
}

function bodyAttempts(schema: JsonSchema | undefined): Attempt[] {
  const valid = validBody(schema);
  const json = (value: unknown, label: string): Attempt => ({
    body: JSON.stringify(value),
    label,
  });
  const attempts: Attempt[] = [
    { label: 'no body' },
    json(valid, 'valid'),
    ...['{', '{"a":', 'nul', '"str"', '1e999', '[1,]', '\u0000', ''].map((body) => ({
      body,
      label: `malformed ${JSON.stringify(body)}`,
    })),
    { body: '{"__proto__":{"admin":true}}', label: 'proto key' },
    { body: '['.repeat(5000) + ']'.repeat(5000), label: 'deep array body' },
    { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', label: 'form body' },
    { body: 'plain', contentType: 'text/plain', label: 'text body' },
    json([valid], 'array body'),
    json('x'.repeat(300_000), 'oversized body'),
  ];
  const keys = new Set([...Object.keys(schema?.properties ?? {}), ...suspectKeys]);
  for (const key of keys) {
    for (const [index, value] of hostileValues.entries()) {
      attempts.push(json({ ...(valid as object), [key]: value }, `${key}=#${index}`));
    }
  }
  return attempts;
}

function tokenFor(url: string): string | undefined {
  if (url.includes('/v1.0/myorg')) return `Bearer ${appToken}`;
  if (url.includes('/_emulator')) return `EmbedToken ${embedToken}`;
  return undefined;
}

/** The error shape of each area (see src/errors.ts and oauth/oauth-route.ts). */
function checkErrorShape(url: string, status: number, body: unknown): string | undefined {
  if (status < 400) return undefined;
  // A path parameter over the router's length limit never reaches a route: Fastify answers 414.
  if (status === 414) return undefined;
  if (typeof body !== 'object' || body === null) return 'error body is not JSON';
  const error = (body as { error?: unknown }).error;
  if (url.includes('/oauth2/')) {
    return typeof error === 'string' ? undefined : 'OAuth error without an error code';
  }
  if (typeof error !== 'object' || error === null) return 'no error object';
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || code === '') return 'error without a code';
  const pbi = (error as Record<string, unknown>)['pbi.error'];
  if (typeof message !== 'string' && typeof pbi !== 'object') return 'error without a message';
  if (JSON.stringify(body).includes('    at ')) return 'stack trace in the body';
  return undefined;
}

async function send(route: Route, url: string, attempt: Attempt): Promise<void> {
  requests += 1;
  const headers: Record<string, string> = {};
  const token = tokenFor(url);
  if (token) headers.authorization = token;
  if (attempt.body !== undefined)
    headers['content-type'] = attempt.contentType ?? 'application/json';
  const where = `${route.method} ${url.slice(0, 120)} [${attempt.label}]`;
  try {
    const response = await fetch(`${base}${url}`, {
      method: route.method,
      headers,
      body: attempt.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (response.status >= 500) {
      failures.push(`${where} → ${response.status} ${text.slice(0, 200)}`);
      return;
    }
    const json = response.headers.get('content-type')?.includes('json');
    const problem = checkErrorShape(url, response.status, json ? JSON.parse(text) : text);
    if (problem) failures.push(`${where} → ${response.status} ${problem}: ${text.slice(0, 200)}`);
  } catch (error) {
    failures.push(`${where} → ${String(error)}`);
  }
}

const withBody = (route: Route) => ['POST', 'PUT', 'PATCH'].includes(route.method);
/** Deleting the sample workspace or report first would turn every later case into a 404. */
const order = (route: Route) => (route.method === 'DELETE' ? 1 : 0);

describe('route fuzzing', () => {
  it('finds every route, and every route taking a body has a schema', () => {
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      // The catch-alls (`/*`) answer 404 to everything without reading the body.
      .filter((route) => withBody(route) && !route.url.endsWith('*') && !route.options.schema?.body)
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('answers hostile input on every route below 500, in the error shape, without hanging', async () => {
    const targets = routes
      .filter((route) => !route.url.includes('/assets/') && !route.url.endsWith('*'))
      .sort((a, b) => order(a) - order(b));
    for (const route of targets) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
      const urls = new Set<string>();
      // One parameter at a time takes each hostile value; the others keep their real ids.
      const real = (url: string) =>
        names.reduce((out, name) => out.replace(`:${name}`, paramValues(name)[0] ?? 'x'), url);
      urls.add(real(route.url));
      for (const name of names) {
        for (const value of paramValues(name).slice(1))
          urls.add(real(route.url.replace(`:${name}`, value)));
      }
      const queryUrls = [...urls].flatMap((url) => [url]);
      const first = [...urls][0] ?? route.url;
      queryUrls.push(
        `${first}?$top=abc&$skip=-1&$filter=${encodeURIComponent("name eq '")}&reportId=${uuid}`,
        `${first}?tileId[]=1&tileId[]=2&reportId=${encodeURIComponent('☃\u0000')}`,
      );
      const attempts = withBody(route)
        ? bodyAttempts(route.options.schema?.body as JsonSchema | undefined)
        : [{ label: 'no body' }];
      for (const url of queryUrls) {
        for (const attempt of url === first ? attempts : attempts.slice(0, 2)) {
          await send(route, url, attempt);
        }
      }
    }
    console.log(`route fuzzing: ${requests} requests over ${targets.length} routes`);
    expect(failures.slice(0, 30)).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
  }, 240_000);

  it('leaves the sample content readable afterwards', async () => {
    const response = await fetch(`${base}/_emulator/reports/${context.sample.salesReportId}`, {
      headers: { authorization: `EmbedToken ${embedToken}` },
    });
    // The sample report may have been deleted by a DELETE case; it must not be broken.
    expect([200, 404]).toContain(response.status);
  });
});
