import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_SESSION_IDLE_SECONDS } from '../../../src/modules/auth/session.service.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, PASSWORD, type TestPerson } from '../../support/fixtures.ts';

/**
 * "Remember me" decides whether a session outlives the browser. Unticked, the refresh cookie is a
 * session cookie and the server itself bounds each refresh credential to a short idle time, so a
 * cookie left behind on a shared computer (or copied from it) does not live for the refresh TTL.
 */
const REFRESH_TTL = 4567;

let t: TestApp;
let tenantId: string;
let address = 0;
const remoteAddress = () => `10.8.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await build({ env: { CANOPY_REFRESH_TOKEN_TTL: String(REFRESH_TTL) } });
  tenantId = (await createTenant(t)).id;
});
afterAll(async () => {
  await t?.close();
});

async function signIn(person: TestPerson, remember?: boolean) {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: PASSWORD, remember },
    remoteAddress: remoteAddress(),
  });
  expect(response.statusCode).toBe(200);
  return response;
}

async function refresh(value: string) {
  return t.request({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { canopy_refresh: value },
    remoteAddress: remoteAddress(),
  });
}

const refreshCookieOf = (response: Awaited<ReturnType<typeof refresh>>) =>
  response.cookies.find((c) => c.name === 'canopy_refresh') ?? expect.fail('no refresh cookie');

/** The raw Set-Cookie line: the parsed form cannot tell "no Expires" from "unparsed". */
const setCookieLine = (response: Awaited<ReturnType<typeof refresh>>) => {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : [header ?? ''];
  return lines.find((line) => line.startsWith('canopy_refresh=')) ?? expect.fail('no Set-Cookie');
};

const sessionOf = (response: Awaited<ReturnType<typeof refresh>>) => {
  const token = response.json<{ token: string }>().token;
  return t.app.jwt.decode<{ sid: string }>(token)?.sid ?? expect.fail('not a JWT');
};

describe('Remember me unticked', () => {
  it('sets a session cookie, and a refresh keeps it a session cookie', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const login = await signIn(person, false);
    expect(setCookieLine(login)).not.toMatch(/max-age|expires/i);
    expect(setCookieLine(login)).toMatch(/HttpOnly/i);

    const refreshed = await refresh(refreshCookieOf(login).value);
    expect(refreshed.statusCode).toBe(200);
    expect(setCookieLine(refreshed)).not.toMatch(/max-age|expires/i);
  });

  it('is the default when the request does not say', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const login = await signIn(person);
    expect(setCookieLine(login)).not.toMatch(/max-age|expires/i);
  });

  it('refuses a refresh credential left idle longer than the browser-session bound', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const login = await signIn(person, false);
    const sid = sessionOf(login);
    // Age the credential as if the browser had been closed for that long.
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ created_at: new Date(Date.now() - (BROWSER_SESSION_IDLE_SECONDS + 1) * 1000) })
      .where('session_id', '=', sid)
      .execute();
    const refused = await refresh(refreshCookieOf(login).value);
    expect(refused.statusCode).toBe(401);
    const session = await t.database.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();
  });

  it('renews the idle bound on each rotation: the next credential starts a new idle time', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const login = await signIn(person, false);
    const sid = sessionOf(login);
    // The first credential is nearly at the bound; it still rotates, and its successor is fresh.
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ created_at: new Date(Date.now() - (BROWSER_SESSION_IDLE_SECONDS - 60) * 1000) })
      .where('session_id', '=', sid)
      .execute();
    const rotated = await refresh(refreshCookieOf(login).value);
    expect(rotated.statusCode).toBe(200);
    const again = await refresh(refreshCookieOf(rotated).value);
    expect(again.statusCode).toBe(200);
  });
});

describe('Remember me ticked', () => {
  it('sets a lasting cookie of CANOPY_REFRESH_TOKEN_TTL, and rotation keeps it lasting', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const login = await signIn(person, true);
    expect(setCookieLine(login)).toMatch(/Max-Age=\d+/i);
    expect(setCookieLine(login)).toMatch(/Expires=/i);
    const cookie = refreshCookieOf(login);
    expect(cookie.maxAge).toBeGreaterThanOrEqual(REFRESH_TTL - 1);
    expect(cookie.maxAge).toBeLessThanOrEqual(REFRESH_TTL);

    const refreshed = await refresh(cookie.value);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshCookieOf(refreshed).maxAge).toBeGreaterThan(REFRESH_TTL - 10);
  });

  it('is not bound to the browser-session idle time', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const login = await signIn(person, true);
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ created_at: new Date(Date.now() - (BROWSER_SESSION_IDLE_SECONDS + 1) * 1000) })
      .where('session_id', '=', sessionOf(login))
      .execute();
    expect((await refresh(refreshCookieOf(login).value)).statusCode).toBe(200);
  });
});
