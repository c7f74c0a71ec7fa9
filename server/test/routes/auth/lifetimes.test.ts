import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatImageUrls } from '../../../src/modules/chat/chat-image-urls.ts';
import {
  localAnalyticsSettings,
  localXeroConfig,
} from '../../../src/modules/analytics/start-local-analytics.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, PASSWORD, type TestPerson } from '../../support/fixtures.ts';

/**
 * Every credential the server hands out lives exactly as long as configured or documented. Each
 * check brackets the request with the clock and compares the lifetime the credential carries
 * (a JWT's exp, a cookie's Max-Age, a stored expires_at) with the one it should have. Odd TTLs
 * make a unit slip (seconds taken as milliseconds, or the reverse) impossible to miss.
 */
const ACCESS_TTL = 123;
const REFRESH_TTL = 4567;

let t: TestApp;
let provider: OAuth2Server;
let emulator: RunningEmulator;
let tenantId: string;
let address = 0;
const remoteAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
  emulator = await startEmulator({ port: 0 });
  t = await build({
    analytics: localAnalyticsSettings(emulator),
    xero: localXeroConfig(emulator),
    env: {
      CANOPY_ACCESS_TOKEN_TTL: String(ACCESS_TTL),
      CANOPY_REFRESH_TOKEN_TTL: String(REFRESH_TTL),
      CANOPY_OIDC_ISSUER: provider.issuer.url,
      CANOPY_OIDC_CLIENT_ID: 'canopy-portal',
      CANOPY_OIDC_CLIENT_SECRET: 'client-secret-for-tests',
    },
  });
  tenantId = (await createTenant(t)).id;
});
afterAll(async () => {
  await t?.close();
  await emulator?.close();
  await provider?.stop();
});

/** Runs `act` and returns what it returned with the clock (ms) just before and just after. */
async function bracketed<T>(act: () => Promise<T>) {
  const before = Date.now();
  const result = await act();
  return { result, before, after: Date.now() };
}

/** `at` (ms) lies `seconds` after a moment inside [before, after] (1 s of slack for rounding). */
function expectLifetime(at: number, seconds: number, window: { before: number; after: number }) {
  expect(at).toBeGreaterThanOrEqual(window.before + seconds * 1000 - 1000);
  expect(at).toBeLessThanOrEqual(window.after + seconds * 1000 + 1000);
}

const claimsOf = (token: string) =>
  t.app.jwt.decode<{ iat: number; exp: number; sid: string }>(token) ?? expect.fail('not a JWT');

async function signIn(person: TestPerson) {
  return bracketed(() =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      // Ticked: the cookie lasts the refresh TTL (unticked it is a session cookie, see remember-me).
      payload: { email: person.email, password: PASSWORD, remember: true },
      remoteAddress: remoteAddress(),
    }),
  );
}

describe('access tokens', () => {
  it('live exactly CANOPY_ACCESS_TOKEN_TTL seconds, and the answer says when they end', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { result: login, ...window } = await signIn(person);
    expect(login.statusCode).toBe(200);
    const body = login.json<{ token: string; expiresAt: string }>();
    const claims = claimsOf(body.token);
    expect(claims.exp - claims.iat).toBe(ACCESS_TTL);
    expectLifetime(claims.iat * 1000, 0, window);
    expect(Math.abs(Date.parse(body.expiresAt) - claims.exp * 1000)).toBeLessThan(1000);

    // The verifier the routes use holds to exp: valid a second before, refused a second after.
    expect(() =>
      t.app.jwt.verify(body.token, { clockTimestamp: (claims.exp - 1) * 1000 }),
    ).not.toThrow();
    expect(() => t.app.jwt.verify(body.token, { clockTimestamp: (claims.exp + 1) * 1000 })).toThrow(
      /expired/i,
    );
  });

  it('issued by a refresh live the same TTL', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { result: login } = await signIn(person);
    const cookie = login.cookies.find((c) => c.name === 'canopy_refresh');
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { canopy_refresh: cookie?.value ?? '' },
      remoteAddress: remoteAddress(),
    });
    expect(refreshed.statusCode).toBe(200);
    const claims = claimsOf(refreshed.json<{ token: string }>().token);
    expect(claims.exp - claims.iat).toBe(ACCESS_TTL);
  });
});

describe('refresh credentials', () => {
  it('the cookie (Max-Age and Expires) and the session row end CANOPY_REFRESH_TOKEN_TTL after sign-in', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { result: login, ...window } = await signIn(person);
    const cookie = login.cookies.find((c) => c.name === 'canopy_refresh');
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(REFRESH_TTL - 1);
    expect(cookie?.maxAge).toBeLessThanOrEqual(REFRESH_TTL);
    expectLifetime(cookie?.expires?.getTime() ?? 0, REFRESH_TTL, window);

    const sid = claimsOf(login.json<{ token: string }>().token).sid;
    const session = await t.database.db
      .selectFrom('sessions')
      .select(['expires_at'])
      .where('id', '=', sid)
      .executeTakeFirstOrThrow();
    expectLifetime(session.expires_at.getTime(), REFRESH_TTL, window);
  });

  it('a rotated cookie keeps the session end: Max-Age counts down, it never restarts', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { result: login } = await signIn(person);
    const first = login.cookies.find((c) => c.name === 'canopy_refresh');
    const sid = claimsOf(login.json<{ token: string }>().token).sid;
    // Move the session's end 1,000 s closer, as if the session had been going on for that long.
    const end = new Date(Date.now() + (REFRESH_TTL - 1000) * 1000);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: end })
      .where('id', '=', sid)
      .execute();
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { canopy_refresh: first?.value ?? '' },
      remoteAddress: remoteAddress(),
    });
    const next = refreshed.cookies.find((c) => c.name === 'canopy_refresh');
    expect(next?.maxAge).toBeGreaterThanOrEqual(REFRESH_TTL - 1000 - 2);
    expect(next?.maxAge).toBeLessThanOrEqual(REFRESH_TTL - 1000);
    expect(Math.abs((next?.expires?.getTime() ?? 0) - end.getTime())).toBeLessThan(1000);
  });
});

describe('mailed links', () => {
  it('a password reset link works for 30 minutes', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { result: forgot, ...window } = await bracketed(() =>
      t.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: person.email },
        remoteAddress: remoteAddress(),
      }),
    );
    expect(forgot.statusCode).toBe(200);
    // The link is made after the answer (the answer must not tell whether the account exists).
    const row = await vi.waitFor(
      () =>
        t.database.db
          .selectFrom('password_tokens')
          .select(['expires_at', 'purpose'])
          .where('user_id', '=', person.id)
          .executeTakeFirstOrThrow(),
      { timeout: 10_000, interval: 25 },
    );
    expect(row.purpose).toBe('reset');
    expectLifetime(row.expires_at.getTime(), 30 * 60, window);
  });

  it('an invitation link works for 7 days', async () => {
    const admin = await createPerson(t, { tenantId, role: 'Admin' });
    const email = `invited-${Date.now()}@example.com`;
    const { result: created, ...window } = await bracketed(() =>
      t.request({
        method: 'POST',
        url: '/api/users',
        token: admin.token,
        payload: { email, tenantId, role: 'Viewer' },
      }),
    );
    expect(created.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('password_tokens')
      .select(['expires_at', 'purpose'])
      .where('user_id', '=', created.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('invite');
    expectLifetime(row.expires_at.getTime(), 7 * 24 * 60 * 60, window);
  });
});

describe('chat', () => {
  it('a stream ticket works for 60 seconds', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { result: issued, ...window } = await bracketed(() =>
      t.request({ method: 'POST', url: '/api/events/ticket', token: person.token }),
    );
    expect(issued.statusCode).toBe(200);
    const body = issued.json<{ expiresAt: string }>();
    expectLifetime(Date.parse(body.expiresAt), 60, window);
    const rows = await t.database.db
      .selectFrom('stream_tickets')
      .select('expires_at')
      .where('user_id', '=', person.id)
      .execute();
    expect(rows).toHaveLength(1);
    expectLifetime(rows[0]!.expires_at.getTime(), 60, window);
  });

  it('an image link is signed to expire one to two hours after it is handed out', () => {
    const urls = new ChatImageUrls(t.config.jwtSecret);
    const hour = 60 * 60 * 1000;
    // On the hour, a second past it and a second before the next: the hour bucket's edges.
    for (const now of [1_800_000 * hour, 1_800_000 * hour + 1000, 1_800_001 * hour - 1000]) {
      const url = new URL(urls.urlFor('c1', 'i1', now), 'http://portal.test');
      const expires = Number(url.searchParams.get('expires'));
      const signature = url.searchParams.get('signature') ?? '';
      expect(expires - now).toBeGreaterThanOrEqual(hour);
      expect(expires - now).toBeLessThanOrEqual(2 * hour);
      expect(urls.verify('c1', 'i1', expires, signature, expires - 1)).toBe(true);
      expect(urls.verify('c1', 'i1', expires, signature, expires)).toBe(false);
    }
  });
});

describe('sign-in and connection states', () => {
  it('an external sign-in must come back within 10 minutes (stored state and cookie)', async () => {
    const { result: start, ...window } = await bracketed(() =>
      t.request({ method: 'GET', url: '/api/auth/oidc/start', remoteAddress: remoteAddress() }),
    );
    expect(start.statusCode).toBe(302);
    const cookie = start.cookies.find((c) => c.name === 'canopy_oidc_state');
    expect(cookie?.maxAge).toBe(10 * 60);
    const row = await t.database.db
      .selectFrom('oidc_requests')
      .select('expires_at')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expectLifetime(row.expires_at.getTime(), 10 * 60, window);
  });

  it("a data source's OAuth consent must come back within 10 minutes", async () => {
    const superAdmin = await createPerson(t, { superAdmin: true });
    const { result: started, ...window } = await bracketed(() =>
      t.request({
        method: 'POST',
        url: '/api/admin/oauth/initiate',
        token: superAdmin.token,
        payload: { sourceId: 'xero', tenantId },
      }),
    );
    expect(started.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('oauth_states')
      .select('expires_at')
      .where('user_id', '=', superAdmin.id)
      .executeTakeFirstOrThrow();
    expectLifetime(row.expires_at.getTime(), 10 * 60, window);
  });
});
