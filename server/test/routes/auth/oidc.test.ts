import type { FastifyPluginAsync } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import { OAuth2Server, type MutableRedirectUri, type MutableResponse } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant } from '../../support/fixtures.ts';

/**
 * External sign-in against a real OpenID provider over HTTP (oauth2-mock-server on a random
 * port): discovery, authorization redirect, code + PKCE exchange, ID token signed with the
 * provider's JWKS. The test plays the browser: it follows the redirects and carries the cookie.
 */
const CLIENT_ID = 'canopy-portal';
const PUBLIC_URL = 'http://portal.test';

const probe: FastifyPluginAsync = (app) => {
  app.get('/api/test/me', { config: { access: 'signed-in' } }, (request) =>
    Promise.resolve({ id: request.principal?.userId, type: request.principal?.type }),
  );
  return Promise.resolve();
};

let provider: OAuth2Server;
let t: TestApp;
/** Claims the provider puts in its next tokens (the person who "signed in" there). */
let identity: Record<string, unknown> = {};
let address = 0;
const remoteAddress = () => `10.4.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
  t = await build({
    extraRoutes: probe,
    env: {
      CANOPY_OIDC_ISSUER: provider.issuer.url,
      CANOPY_OIDC_CLIENT_ID: CLIENT_ID,
      CANOPY_OIDC_CLIENT_SECRET: 'client-secret-for-tests',
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
afterEach(() => {
  identity = {};
  provider.service.removeAllListeners('beforeResponse');
  provider.service.removeAllListeners('beforeAuthorizeRedirect');
});

/** start → provider → callback, as a browser does; returns where the callback sends it. */
async function signInThroughProvider(
  options: {
    redirect?: string;
    alterCallback?: (url: URL) => void | Promise<void>;
    cookie?: string | null;
  } = {},
) {
  const query = options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : '';
  const start = await t.request({
    method: 'GET',
    url: `/api/auth/oidc/start${query}`,
    remoteAddress: remoteAddress(),
  });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  const stateCookie = start.cookies.find((c) => c.name === 'canopy_oidc_state');

  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callbackUrl = new URL(atProvider.headers.get('location') ?? '');
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(
    `${PUBLIC_URL}/api/auth/oidc/callback`,
  );
  await options.alterCallback?.(callbackUrl);
  const cookie = options.cookie === undefined ? stateCookie?.value : options.cookie;
  const callback = await t.request({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    cookies: cookie === null || cookie === undefined ? {} : { canopy_oidc_state: cookie },
    remoteAddress: remoteAddress(),
  });
  expect(callback.statusCode).toBe(302);
  return {
    start,
    authorize,
    stateCookie,
    callbackUrl,
    callback,
    landing: new URL(callback.headers.location as string),
  };
}

const exchange = (token: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/oidc/exchange',
    payload: { token },
    remoteAddress: remoteAddress(),
  });

async function auditOf(action: string) {
  return t.database.db
    .selectFrom('audit_events')
    .select(['actor_id', 'details'])
    .where('action', '=', action)
    .execute();
}

const refusedWith = (landing: URL, code: string) => {
  expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/oauth/callback`);
  expect(landing.searchParams.get('token')).toBeNull();
  expect(landing.searchParams.get('error')).toBe(code);
};

describe('external sign-in (OpenID Connect)', () => {
  it('says whether it is offered', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/oidc' });
    expect(res.json()).toEqual({ enabled: true });
  });

  it('signs a super administrator in: code + PKCE, one-time ticket, then a session', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    identity = { email: admin.email.toUpperCase(), email_verified: true };
    const { authorize, stateCookie, landing } = await signInThroughProvider({
      redirect: '/admin/tenants?page=2',
    });

    // The provider was asked for a code with PKCE (S256), a state and a nonce.
    expect(`${authorize.origin}`).toBe(provider.issuer.url);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oidc/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(stateCookie).toMatchObject({
      value: authorize.searchParams.get('state'),
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/oidc',
    });

    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/oauth/callback`);
    expect(landing.searchParams.get('redirect')).toBe('/admin/tenants?page=2');
    const ticket = landing.searchParams.get('token') ?? '';
    // Not an access token: opaque, and refused by the access hook.
    expect(ticket.split('.')).toHaveLength(1);
    expect(
      (await t.request({ method: 'GET', url: '/api/test/me', token: ticket })).statusCode,
    ).toBe(401);
    const stored = await t.database.db
      .selectFrom('sign_in_tickets')
      .selectAll()
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(stored.ticket_hash).not.toBe(ticket);
    expect(stored.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    const res = await exchange(ticket);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: admin.id, email: admin.email, type: 'superadmin', roles: [] });
    expect(res.cookies.find((c) => c.name === 'canopy_refresh')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    const me = await t.request({ method: 'GET', url: '/api/test/me', token: body.token });
    expect(me.json()).toEqual({ id: admin.id, type: 'superadmin' });
    expect((await auditOf('auth.oidc_login')).map((e) => e.actor_id)).toContain(admin.id);

    // Single use.
    const again = await exchange(ticket);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_SIGN_IN_TICKET');
  });

  it('defaults the destination to /admin', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    identity = { email: admin.email, email_verified: true };
    const { landing } = await signInThroughProvider();
    expect(landing.searchParams.get('redirect')).toBe('/admin');
  });

  it('refuses an email with no account, and audits it', async () => {
    identity = { email: 'stranger@example.com', email_verified: true };
    const { landing } = await signInThroughProvider();
    refusedWith(landing, 'OIDC_NOT_ALLOWED');
    expect(JSON.stringify(await auditOf('auth.oidc_refused'))).toContain('stranger@example.com');
  });

  it('refuses a tenant Admin: external sign-in is for super administrators only', async () => {
    const tenant = await createTenant(t);
    const tenantAdmin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    identity = { email: tenantAdmin.email, email_verified: true };
    const { landing } = await signInThroughProvider();
    refusedWith(landing, 'OIDC_NOT_ALLOWED');
    const tickets = await t.database.db
      .selectFrom('sign_in_tickets')
      .select('user_id')
      .where('user_id', '=', tenantAdmin.id)
      .execute();
    expect(tickets).toEqual([]);
  });

  it('refuses an email the provider has not verified', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    for (const verified of [false, undefined]) {
      identity = { email: admin.email, email_verified: verified };
      refusedWith((await signInThroughProvider()).landing, 'OIDC_NOT_ALLOWED');
    }
  });

  it('refuses a tampered state, and a callback without the browser cookie', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    identity = { email: admin.email, email_verified: true };
    const tampered = await signInThroughProvider({
      alterCallback: (url) => url.searchParams.set('state', 'forged-state'),
    });
    refusedWith(tampered.landing, 'OIDC_STATE_INVALID');
    // A callback link opened in another browser (login CSRF) has no matching cookie.
    const elsewhere = await signInThroughProvider({ cookie: null });
    refusedWith(elsewhere.landing, 'OIDC_STATE_INVALID');
    const wrongCookie = await signInThroughProvider({ cookie: 'someone-elses-state' });
    refusedWith(wrongCookie.landing, 'OIDC_STATE_INVALID');
    // A forged state with a matching forged cookie names no started sign-in.
    const forged = await signInThroughProvider({
      cookie: 'forged-state',
      alterCallback: (url) => url.searchParams.set('state', 'forged-state'),
    });
    refusedWith(forged.landing, 'OIDC_STATE_INVALID');
  });

  it('refuses a replayed callback: the state works once', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    identity = { email: admin.email, email_verified: true };
    const first = await signInThroughProvider();
    expect(first.landing.searchParams.get('token')).toBeTruthy();
    const replay = await t.request({
      method: 'GET',
      url: `${first.callbackUrl.pathname}${first.callbackUrl.search}`,
      cookies: { canopy_oidc_state: first.stateCookie?.value ?? '' },
      remoteAddress: remoteAddress(),
    });
    refusedWith(new URL(replay.headers.location as string), 'OIDC_STATE_INVALID');
  });

  it('refuses a sign-in that took longer than 10 minutes', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    identity = { email: admin.email, email_verified: true };
    const { landing } = await signInThroughProvider({
      alterCallback: async () => {
        await t.database.db
          .updateTable('oidc_requests')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .execute();
      },
    });
    refusedWith(landing, 'OIDC_STATE_INVALID');
  });

  it('refuses an expired ticket', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    identity = { email: admin.email, email_verified: true };
    const { landing } = await signInThroughProvider();
    await t.database.db
      .updateTable('sign_in_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', admin.id)
      .execute();
    expect((await exchange(landing.searchParams.get('token') ?? '')).statusCode).toBe(401);
  });

  it.each([
    ['another host', '//evil.example/admin'],
    ['a backslash host', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/admin'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'admin'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline', '/admin\n/x'],
  ])('refuses a redirect to %s before going to the provider', async (_label, redirect) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`,
      remoteAddress: remoteAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses an ID token with the wrong nonce or audience', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    for (const claims of [{ nonce: 'not-the-one-we-sent' }, { aud: 'another-client' }]) {
      identity = { email: admin.email, email_verified: true, ...claims };
      refusedWith((await signInThroughProvider()).landing, 'OIDC_FAILED');
    }
  });

  it('refuses an ID token signed with a key that is not in the provider JWKS', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    const { privateKey } = await generateKeyPair('RS256');
    const kid = provider.issuer.keys.get()?.kid ?? '';
    // Same claims and key id as a genuine token, signed with a key the provider never published.
    const forged = await new SignJWT({ email: admin.email, email_verified: true, sub: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(provider.issuer.url ?? '')
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    provider.service.once('beforeResponse', (response: MutableResponse) => {
      (response.body as Record<string, unknown>).id_token = forged;
    });
    refusedWith((await signInThroughProvider()).landing, 'OIDC_FAILED');
  });

  it('lands on the SPA with an error when the person cancels at the provider', async () => {
    provider.service.once('beforeAuthorizeRedirect', (redirect: MutableRedirectUri) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    refusedWith((await signInThroughProvider()).landing, 'OIDC_FAILED');
  });

  it('lands on the SPA with OIDC_FAILED when the provider cannot be reached', async () => {
    const gone = new OAuth2Server();
    await gone.start(0, '127.0.0.1');
    const url = `http://127.0.0.1:${gone.address().port}`;
    await gone.stop();
    const unreachable = await build({
      env: { CANOPY_OIDC_ISSUER: url, CANOPY_OIDC_CLIENT_ID: CLIENT_ID },
    });
    try {
      const start = await unreachable.request({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(start.statusCode).toBe(302);
      refusedWith(new URL(start.headers.location as string), 'OIDC_FAILED');
      expect(start.cookies.find((c) => c.name === 'canopy_oidc_state')).toBeUndefined();
      const stored = await unreachable.database.db
        .selectFrom('oidc_requests')
        .select('state_hash')
        .execute();
      expect(stored).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });

  it('is off, with a clear 404, when no issuer is configured', async () => {
    const plain = await build();
    try {
      expect((await plain.request({ method: 'GET', url: '/api/auth/oidc' })).json()).toEqual({
        enabled: false,
      });
      const start = await plain.request({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json()).toEqual({
        error: 'External sign-in is not configured',
        code: 'OIDC_NOT_CONFIGURED',
      });
    } finally {
      await plain.close();
    }
  });
});
