import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord } from '../is-record.ts';

/** HS256 JSON Web Tokens with node:crypto: enough for tokens only this emulator issues and checks. */

export interface JwtBase {
  iss: string;
  iat: number;
  exp: number;
  jti: string;
}

export type JwtVerification<T> =
  | { ok: true; claims: T }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired'; claims?: T };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const header = encode({ alg: 'HS256', typ: 'JWT' });

function signature(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signJwt(claims: JwtBase & object, secret: string): string {
  const input = `${header}.${encode(claims)}`;
  return `${input}.${signature(input, secret).toString('base64url')}`;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Verifies signature first, expiry second: a forged token is reported as such even when expired.
 * `nowSeconds` is injectable so tests and the CLI share one clock source.
 */
export function verifyJwt<T extends JwtBase>(
  token: string,
  secret: string,
  issuer: string,
  nowSeconds: number,
): JwtVerification<T> {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [head, body, sig] = parts as [string, string, string];
  const headObject = decodeJson(head);
  if (!isRecord(headObject) || headObject.alg !== 'HS256')
    return { ok: false, reason: 'malformed' };
  const expected = signature(`${head}.${body}`, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  const claims = decodeJson(body);
  if (!isRecord(claims) || typeof claims.exp !== 'number' || claims.iss !== issuer) {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired', claims: claims as T };
  return { ok: true, claims: claims as T };
}
