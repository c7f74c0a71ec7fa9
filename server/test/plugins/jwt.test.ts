import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_AUDIENCE, JWT_ISSUER } from '../../src/plugins/external/jwt.ts';
import { build, type TestApp } from '../helper.ts';
import { createPerson, type TestPerson } from '../support/fixtures.ts';

/**
 * Access tokens must carry an expiry: one signed with the server's own key, naming a live session,
 * but without `exp` would be valid forever, so it is refused like any other bad token.
 */
let t: TestApp;
let person: TestPerson;
beforeAll(async () => {
  t = await build();
  person = await createPerson(t, { superAdmin: true });
});
afterAll(() => t.close());

const claimsOf = (token: string) => t.app.jwt.decode<{ sub: string; sid: string }>(token)!;

function signed(options: { exp: boolean }) {
  const { sub, sid } = claimsOf(person.token);
  let jwt = new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt();
  if (options.exp) jwt = jwt.setExpirationTime('5m');
  return jwt.sign(new TextEncoder().encode(t.config.jwtSecret));
}

const me = (token: string) => t.request({ method: 'GET', url: '/api/account', token });

describe('access token claims', () => {
  it('accepts a token of the same session signed with the same key and an expiry', async () => {
    expect((await me(await signed({ exp: true }))).statusCode).toBe(200);
  });

  it('refuses a token without exp, though its key, issuer, audience and session are right', async () => {
    const res = await me(await signed({ exp: false }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Session expired', code: 'SESSION_EXPIRED' });
  });
});
