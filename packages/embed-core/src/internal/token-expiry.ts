/**
 * Reading when an access token expires, from what token providers typically return: a JWT (Entra ID
 * tokens carry `exp`), the analytics REST API's `{ token, expiration }` (an ISO date), or MSAL's
 * `{ accessToken, expiresOn }` (a Date). Embed tokens are opaque, so a plain non-JWT string has no
 * readable expiry.
 */

/** What a token provider may return. */
export type TokenResult =
  | string
  | {
      token?: string;
      accessToken?: string;
      expiration?: string | number | Date;
      expiresAt?: string | number | Date;
      expiresOn?: string | number | Date | null;
    };

export interface ParsedToken {
  token: string;
  /** Expiry in epoch milliseconds, when known. */
  expiresAt?: number;
}

/**
 * Numbers below this are taken as epoch *seconds* (JWT style), above as milliseconds: 1e11 ms is
 * March 1973, 1e11 s is the year 5138, so real expiries never fall in the ambiguous range.
 */
const SECONDS_LIMIT = 1e11;

/** Epoch ms of a date-like value; `undefined` when it is not a valid date. */
export function toEpochMs(value: unknown): number | undefined {
  let ms: number | undefined;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value < SECONDS_LIMIT ? value * 1000 : value;
  else if (typeof value === 'string' && value.trim() !== '') {
    const numeric = Number(value);
    ms = Number.isFinite(numeric) ? toEpochMs(numeric) : Date.parse(value);
  }
  return ms !== undefined && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** The `exp` claim of a JWT in epoch ms, or `undefined` for anything that is not a JWT with `exp`. */
export function readJwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  const decode = (globalThis as { atob?: (data: string) => string }).atob;
  if (!decode) return undefined;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(decode(padded));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' ? toEpochMs(exp) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Normalises a provider's answer. Returns `undefined` when it carries no usable token string.
 * Expiry precedence: an explicit expiration field, then the JWT `exp` claim.
 */
export function parseTokenResult(result: unknown): ParsedToken | undefined {
  if (typeof result === 'string') {
    return result ? { token: result, expiresAt: readJwtExpiry(result) } : undefined;
  }
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as Exclude<TokenResult, string>;
  const token = typeof r.token === 'string' && r.token ? r.token : r.accessToken;
  if (typeof token !== 'string' || !token) return undefined;
  const expiresAt =
    toEpochMs(r.expiration) ??
    toEpochMs(r.expiresAt) ??
    toEpochMs(r.expiresOn) ??
    readJwtExpiry(token);
  return { token, expiresAt };
}
