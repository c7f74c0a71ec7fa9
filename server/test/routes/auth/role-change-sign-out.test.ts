import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, PASSWORD } from '../../support/fixtures.ts';

/**
 * A role change ends the person's sessions so the new role applies at once. Their browser's next
 * refresh must say why ("Your role was changed…", its own code), not "Session expired", which
 * reads like a fault; any other ending keeps the usual answer.
 */
let t: TestApp;
let tenantId: string;
let address = 0;
const remoteAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await build();
  tenantId = (await createTenant(t)).id;
});
afterAll(async () => {
  await t?.close();
});

async function signIn(email: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    remoteAddress: remoteAddress(),
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.find((c) => c.name === 'canopy_refresh')?.value ?? expect.fail('no cookie');
}

const refresh = (cookie: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { canopy_refresh: cookie },
    remoteAddress: remoteAddress(),
  });

describe('the refresh after a role change', () => {
  it('answers 401 ROLE_CHANGED with a message that says what happened', async () => {
    const admin = await createPerson(t, { tenantId, role: 'Admin' });
    const viewer = await createPerson(t, { tenantId, role: 'Viewer' });
    const cookie = await signIn(viewer.email);

    const changed = await t.request({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      token: admin.token,
      payload: { role: 'Admin' },
    });
    expect(changed.statusCode).toBe(200);

    const res = await refresh(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'ROLE_CHANGED',
      error: 'Your role was changed. Please sign in again.',
    });
  });

  it('keeps "Session expired" for a session ended otherwise (signed out)', async () => {
    const viewer = await createPerson(t, { tenantId, role: 'Viewer' });
    const cookie = await signIn(viewer.email);
    await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { canopy_refresh: cookie },
      remoteAddress: remoteAddress(),
    });
    const res = await refresh(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN', error: 'Session expired' });
  });
});
