import { EmbedError, EmbedErrorCode, messages } from '../errors.ts';

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

/**
 * The error for a URL `validateEmbedUrl` refused. A malformed or non-http(s) URL gets the original
 * text alone. A well-formed http(s) URL was refused only because of its origin, so the error says
 * which origin and how to trust it: the original text ("hostname or protocol are invalid … use the
 * REST APIs") sends someone embedding a local emulator looking in the wrong place. The original text
 * stays at the end of the message, so code matching it with `includes` still does.
 */
export function embedUrlError(url: string | undefined): Error {
  const origin = toOrigin(url);
  if (!origin || !/^https?:\/\//.test(origin)) return new Error(messages.invalidEmbedUrl);
  if (origin.startsWith('http:') && isAllowedServiceUrl(origin.replace(/^http:/, 'https:'))) {
    return new EmbedError(
      EmbedErrorCode.UntrustedOrigin,
      `The embed URL's origin ${origin} is not trusted: Power BI hosts are embedded over https only. ` +
        `Use the embedUrl the REST API returns (https://…). ${messages.invalidEmbedUrl}`,
    );
  }
  return new EmbedError(
    EmbedErrorCode.UntrustedOrigin,
    `The embed URL's origin ${origin} is not trusted: it is neither an https Power BI host nor in ` +
      `this Service's trustedOrigins. If you trust it (a local emulator, for example), create the ` +
      `Service with { trustedOrigins: ['${origin}'] } (the fourth argument of new service.Service). ` +
      messages.invalidEmbedUrl,
  );
}
