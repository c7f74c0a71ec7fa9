import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../src/auth/jwt.ts';
import { TokenService } from '../src/auth/token-service.ts';
import { EmulatorError } from '../src/errors.ts';

const issuer = 'https://issuer.test/';
const claims = { iss: issuer, iat: 1000, exp: 2000, jti: 'x', typ: 'app', sub: 'c' };

describe('HS256 JWT', () => {
  it('round-trips claims', () => {
    const token = signJwt(claims, 'secret');
    expect(verifyJwt(token, 'secret', issuer, 1500)).toEqual({ ok: true, claims });
  });

  it('detects a tampered payload', () => {
    const [head, , sig] = signJwt(claims, 'secret').split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(verifyJwt(`${head}.${forged}.${sig}`, 'secret', issuer, 1500)).toMatchObject({
      ok: false,
      reason: 'signature',
    });
  });

  it('detects another secret, malformed tokens, alg none and a foreign issuer', () => {
    expect(verifyJwt(signJwt(claims, 'other'), 'secret', issuer, 1500)).toMatchObject({
      reason: 'signature',
    });
    expect(verifyJwt('not-a-jwt', 'secret', issuer, 1500)).toMatchObject({ reason: 'malformed' });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(verifyJwt(none, 'secret', issuer, 1500)).toMatchObject({ reason: 'malformed' });
    expect(
      verifyJwt(signJwt({ ...claims, iss: 'https://evil/' }, 'secret'), 'secret', issuer, 1500),
    ).toMatchObject({ reason: 'malformed' });
  });

  it('reports expiry only for genuine tokens', () => {
    expect(verifyJwt(signJwt(claims, 'secret'), 'secret', issuer, 2000)).toMatchObject({
      ok: false,
      reason: 'expired',
    });
  });
});

describe('TokenService', () => {
  it('maps failures to InvalidToken (401) and TokenExpired (403)', () => {
    let now = 1_000_000;
    const service = new TokenService('s3cret', issuer, 'tenant', () => now);
    const { token } = service.issueAppToken('client', 60);
    expect(service.verify(token)).toMatchObject({ typ: 'app', sub: 'client' });
    now += 61_000;
    const expired = (() => {
      try {
        service.verify(token);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(expired).toBeInstanceOf(EmulatorError);
    expect(expired).toMatchObject({ code: 'TokenExpired', status: 403 });
    expect(() => new TokenService('other', issuer, 'tenant', () => 0).verify(token)).toThrow(
      expect.objectContaining({ code: 'InvalidToken', status: 401 }) as Error,
    );
  });
});
