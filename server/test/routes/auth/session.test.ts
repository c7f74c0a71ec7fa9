import type { FastifyPluginAsync } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, PASSWORD } from '../../support/fixtures.ts';

/** A route behind the real access hook: 200 for a live session, 401 otherwise. */
const probe: FastifyPluginAsync = (app) => {
  app.get('/api/test/me', { config: { access: 'signed-in' } }, (request) =>
    Promise.resolve({ id: request.principal?.userId }),
  );
  return Promise.resolve();
};

let t: TestApp;
beforeAll(async () => {
  t = await build({ extraRoutes: probe });
});
afterAll(() => t.close());

// Each call from its own address: the per-address auth limit is tested in rate-limit.test.ts.
let address = 0;
const remoteAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

async function signIn(email: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    // A lasting cookie, so its Expires can be compared with the session's end.
    payload: { email, password: PASSWORD, remember: true },
    remoteAddress: remoteAddress(),
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'canopy_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return { token: res.json<{ token: string }>().token, refresh: cookie.value };
}

const refresh = (cookie?: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: cookie === undefined ? {} : { canopy_refresh: cookie },
    remoteAddress: remoteAddress(),
  });

const logout = (options: { cookie?: string; token?: string } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/auth/logout',
    token: options.token,
    cookies: options.cookie === undefined ? {} : { canopy_refresh: options.cookie },
    remoteAddress: remoteAddress(),
  });

async function sessionOf(token: string) {
  const { sid } = t.app.jwt.decode<{ sid: string }>(token) ?? { sid: '' };
  return t.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sid)
    .executeTakeFirstOrThrow();
}

async function auditActions(userId: string) {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select(['action', 'details', 'target'])
    .where('actor_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows;
}

/** Whether the access hook accepts a token, asked over the real request path. */
async function accepted(token: string): Promise<boolean> {
  const res = await t.request({ method: 'GET', url: '/api/test/me', token });
  if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(res.body);
  return res.statusCode === 200;
}

describe('POST /api/auth/refresh', () => {
  it('rotates the credential and returns the signed-in person with a fresh access token', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const first = await signIn(person.email);

    const res = await refresh(first.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      id: person.id,
      email: person.email,
      type: 'tenant-user',
      roles: ['Admin'],
      tenantId: tenant.id,
      theme: 'dark',
      primaryColor: '#2563eb',
    });
    expect(await accepted(body.token)).toBe(true);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    const cookie = res.cookies.find((c) => c.name === 'canopy_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.value).not.toBe(first.refresh);
    // Same session: the new access token names the same session as the first one.
    expect((await sessionOf(body.token)).id).toBe((await sessionOf(first.token)).id);
    // The session's absolute end does not move: refresh cannot extend a session.
    expect(cookie?.expires?.getTime()).toBe(
      Math.floor((await sessionOf(first.token)).expires_at.getTime() / 1000) * 1000,
    );

    // The rotated credential works in turn.
    const again = await refresh(cookie?.value);
    expect(again.statusCode).toBe(200);
  });

  it('treats a second use of a credential as theft: the whole session ends, audited', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const first = await signIn(person.email);
    const rotated = await refresh(first.refresh);
    const next = rotated.cookies.find((c) => c.name === 'canopy_refresh')?.value;
    const nextToken = rotated.json<{ token: string }>().token;

    const replay = await refresh(first.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'Session expired', code: 'INVALID_REFRESH_TOKEN' });
    // The replay clears the cookie it was sent with.
    expect(replay.cookies.find((c) => c.name === 'canopy_refresh')?.value).toBe('');

    // The family is dead: the newer credential and every access token of the session too.
    expect((await refresh(next)).statusCode).toBe(401);
    expect((await sessionOf(nextToken)).revoked_at).toBeInstanceOf(Date);
    expect(await accepted(first.token)).toBe(false);
    expect(await accepted(nextToken)).toBe(false);

    const events = await auditActions(person.id);
    const reuse = events.filter((e) => e.action === 'auth.refresh_reuse');
    expect(reuse).toHaveLength(1);
    expect(reuse[0]?.target).toBe(`session:${(await sessionOf(first.token)).id}`);
  });

  it('leaves other sessions of the same person alone when one family is revoked', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const laptop = await signIn(person.email);
    const phone = await signIn(person.email);
    await refresh(laptop.refresh);
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    expect(await accepted(phone.token)).toBe(true);
    expect((await refresh(phone.refresh)).statusCode).toBe(200);
  });

  it('answers 204 without a cookie: nobody is signed in, which is no error', async () => {
    const res = await refresh(undefined);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses an unknown or oversized cookie with 401', async () => {
    for (const cookie of ['not-a-credential', 'x'.repeat(5000)]) {
      const res = await refresh(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_REFRESH_TOKEN');
    }
  });

  it('refuses a session past its absolute end with 401', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const session = await signIn(person.email);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', (await sessionOf(session.token)).id)
      .execute();
    const res = await refresh(session.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_REFRESH_TOKEN');
  });

  it("clears a person's ended sessions when they sign in again", async () => {
    const person = await createPerson(t, { superAdmin: true });
    const old = await signIn(person.email);
    const { id } = await sessionOf(old.token);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await signIn(person.email);
    const left = await t.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('session_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect(
      await t.database.db.selectFrom('sessions').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
  });

  it('refuses people of a tenant deactivated since they signed in', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id });
    const session = await signIn(person.email);
    await t.database.db
      .updateTable('tenants')
      .set({ status: 'inactive' })
      .where('id', '=', tenant.id)
      .execute();
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await sessionOf(session.token)).revoked_at).toBeInstanceOf(Date);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the cookie: its access token is refused before it expires', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const session = await signIn(person.email);
    expect(await accepted(session.token)).toBe(true);

    const res = await logout({ cookie: session.refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'canopy_refresh');
    expect(cleared).toMatchObject({ value: '', path: '/api/auth' });

    // The token is still within its 15 minutes, and refused anyway, through the real hook.
    expect(t.app.jwt.decode<{ exp: number }>(session.token)?.exp).toBeGreaterThan(
      Date.now() / 1000,
    );
    expect(await accepted(session.token)).toBe(false);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await auditActions(person.id)).map((e) => e.action)).toContain('auth.logout');
  });

  it('ends the session of a bearer token alone, even an expired one', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const session = await signIn(person.email);
    const { id: sid } = await sessionOf(session.token);
    const expired = t.app.jwt.sign({ sub: person.id, sid }, { expiresIn: -60 });
    expect((await logout({ token: expired })).statusCode).toBe(200);
    expect((await sessionOf(session.token)).revoked_at).toBeInstanceOf(Date);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('ignores a bearer token signed with another key', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const session = await signIn(person.email);
    const { id: sid } = await sessionOf(session.token);
    const forged = await new SignJWT({ sub: person.id, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('canopy')
      .setAudience('canopy-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    expect((await logout({ token: forged })).statusCode).toBe(200);
    expect(await accepted(session.token)).toBe(true);
  });

  it('answers 200 with nothing to end, and is audited once per ended session', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const session = await signIn(person.email);
    expect((await logout()).statusCode).toBe(200);
    expect((await logout({ cookie: session.refresh, token: session.token })).statusCode).toBe(200);
    expect((await logout({ cookie: session.refresh, token: session.token })).statusCode).toBe(200);
    const logouts = (await auditActions(person.id)).filter((e) => e.action === 'auth.logout');
    expect(logouts).toHaveLength(1);
  });
});
