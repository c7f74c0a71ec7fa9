import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, PASSWORD } from '../../support/fixtures.ts';

/**
 * A header that clears the refresh cookie carries the flags of the one that set it (HttpOnly,
 * Secure on an https portal, SameSite=Strict, the same path): a clearing header is no weaker.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build({ env: { CANOPY_PUBLIC_URL: 'https://portal.example' } });
});
afterAll(() => t.close());

const refreshCookieHeader = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((header) => header.startsWith('canopy_refresh='));

/** The attributes of a Set-Cookie header without its value, Max-Age and Expires. */
const flagsOf = (header: string | undefined) =>
  (header ?? '')
    .split(';')
    .slice(1)
    .map((part) => part.trim())
    .filter((part) => !/^(max-age|expires)=/i.test(part))
    .sort();

describe('the refresh cookie', () => {
  it('is cleared with the same flags it was set with', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const set = refreshCookieHeader(login.headers['set-cookie']);
    expect(flagsOf(set)).toEqual(['HttpOnly', 'Path=/api/auth', 'SameSite=Strict', 'Secure']);

    const logout = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { canopy_refresh: login.cookies.find((c) => c.name === 'canopy_refresh')!.value },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = refreshCookieHeader(logout.headers['set-cookie']);
    expect(cleared).toMatch(/^canopy_refresh=;/);
    expect(flagsOf(cleared)).toEqual(flagsOf(set));
  });
});
