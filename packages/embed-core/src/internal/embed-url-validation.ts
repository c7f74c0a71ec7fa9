/**
 * The analytics service's hosts that may be embedded (https only). Suffix rules accept any
 * sub-domain; exact rules accept only that host. Ports are not checked, as in the original.
 */
const HOST_SUFFIXES = [
  '.powerbi.com',
  '.fabric.microsoft.com',
  '.analysis.windows-int.net',
  '.analysis-df.windows.net',
];
const EXACT_HOSTS = [
  'app.powerbi.cn',
  'app.powerbigov.us',
  'app.high.powerbigov.us',
  'app.mil.powerbigov.us',
  'app.powerbi.eaglex.ic.gov',
  'app.powerbi.microsoft.scloud',
];

function parse(url: string | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    return new URL(url.toLowerCase());
  } catch {
    return undefined;
  }
}

/** Whether `url` is on the default allow-list (the original's `validateEmbedUrl`). */
export function isAllowedServiceUrl(url: string | undefined): boolean {
  const parsed = parse(url);
  if (!parsed || parsed.protocol !== 'https:') return false;
  const host = parsed.hostname;
  return (
    HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length) ||
    EXACT_HOSTS.includes(host)
  );
}

/** Normalises `http://localhost:5300/` → `http://localhost:5300`; `undefined` for non-URLs. */
export function toOrigin(url: string | undefined): string | undefined {
  const parsed = parse(url);
  return parsed && parsed.origin !== 'null' ? parsed.origin : undefined;
}

/**
 * Validates an embed URL: the default allow-list, or one of the explicitly trusted origins
 * (for example the local emulator). Trusting an origin never widens the default list.
 */
export function validateEmbedUrl(
  url: string | undefined,
  trustedOrigins: ReadonlySet<string> = new Set(),
): boolean {
  if (isAllowedServiceUrl(url)) return true;
  const origin = toOrigin(url);
  return origin !== undefined && trustedOrigins.has(origin);
}
