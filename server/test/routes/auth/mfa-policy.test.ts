import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { build, type TestApp } from '../../helper.ts';
import { fromFreshAddresses } from '../../support/fresh-addresses.ts';
import { createCast, createPerson, PASSWORD, type Cast } from '../../support/fixtures.ts';
import { appCode, enrolTotp } from '../../support/mfa.ts';

/**
 * Who must use two-step verification: a tenant's people when its Admin says so, super
 * administrators when the installation says so. Someone who must and has no factor signs in with
 * the password into a session that can only set one up.
 */
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build({ env: { CANOPY_REQUIRE_MFA_SUPERADMINS: 'true' } });
  cast = await createCast(t);
});
afterAll(() => t.close());

const send = fromFreshAddresses(() => t, 8);
const login = (email: string) =>
  send({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

interface SignedIn {
  token: string;
  mfaEnrolmentRequired: boolean;
}

describe('the tenant policy', () => {
  it('is set by the tenant Admin, read back and audited', async () => {
    const url = `/api/tenants/${cast.tenantA.id}/security`;
    const before = await send({ method: 'GET', url, token: cast.adminA.token });
    expect(before.json()).toEqual({ requireMfa: false });
    const set = await send({
      method: 'PUT',
      url,
      token: cast.adminA.token,
      payload: { requireMfa: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ requireMfa: true });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'tenant_id', 'details'])
      .where('actor_id', '=', cast.adminA.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'settings.mfa_policy', tenant_id: cast.tenantA.id });
    expect(audit.details).toEqual({ requireMfa: true });
    // Another tenant's Admin can neither read nor change it.
    const foreign = await send({ method: 'GET', url, token: cast.adminB.token });
    expect(foreign.statusCode).toBe(403);
  });

  it('restricts a person without a factor to setting one up, until they have', async () => {
    await send({
      method: 'PUT',
      url: `/api/tenants/${cast.tenantA.id}/security`,
      token: cast.adminA.token,
      payload: { requireMfa: true },
    });
    const person = await createPerson(t, { tenantId: cast.tenantA.id, role: 'Viewer' });
    const res = await login(person.email);
    expect(res.statusCode).toBe(200);
    const session = res.json<SignedIn>();
    expect(session.mfaEnrolmentRequired).toBe(true);
    const { token } = session;

    const people = `/api/users/tenant/${cast.tenantA.id}`;
    const refused = await send({ method: 'GET', url: people, token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Set up two-step verification on My account to continue',
      code: 'MFA_ENROLMENT_REQUIRED',
    });
    expect((await send({ method: 'GET', url: '/api/account', token })).statusCode).toBe(200);
    const status = await send({ method: 'GET', url: '/api/account/mfa', token });
    expect(status.json()).toMatchObject({ required: true, enrolmentRequired: true });

    await enrolTotp(t, token);
    // The same token is a full session now, on this instance at once.
    expect((await send({ method: 'GET', url: people, token })).statusCode).toBe(200);
    const after = await send({ method: 'GET', url: '/api/account/mfa', token });
    expect(after.json()).toMatchObject({ required: true, enrolmentRequired: false });
    // And a refresh of that session says so.
    const refreshed = await send({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: {
        canopy_refresh: res.cookies.find((c) => c.name === 'canopy_refresh')?.value ?? '',
      },
    });
    expect(refreshed.json<SignedIn>().mfaEnrolmentRequired).toBe(false);
  });

  it('refuses to remove the last factor while one is required', async () => {
    await send({
      method: 'PUT',
      url: `/api/tenants/${cast.tenantA.id}/security`,
      token: cast.adminA.token,
      payload: { requireMfa: true },
    });
    const person = await createPerson(t, { tenantId: cast.tenantA.id, role: 'Viewer' });
    const { secret } = await enrolTotp(t, person.token);
    const res = await send({
      method: 'POST',
      url: '/api/account/mfa/totp/remove',
      token: person.token,
      payload: { code: appCode(secret) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('MFA_REQUIRED_BY_POLICY');
  });

  it('leaves the people of a tenant without the policy alone', async () => {
    const res = await login(cast.viewerB.email);
    expect(res.json<SignedIn>().mfaEnrolmentRequired).toBe(false);
  });
});

describe('super administrators', () => {
  it('must use it when the installation requires it', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const res = await login(person.email);
    const session = res.json<SignedIn>();
    expect(session.mfaEnrolmentRequired).toBe(true);
    const tenants = await send({ method: 'GET', url: '/api/admin/tenants', token: session.token });
    expect(tenants.statusCode).toBe(403);
    expect(tenants.json<{ code: string }>().code).toBe('MFA_ENROLMENT_REQUIRED');
  });

  it('is required by default in production only, and can be set either way', () => {
    const base = {
      CANOPY_JWT_SECRET: 'x'.repeat(48),
      CANOPY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      CANOPY_DATA_DIR: t.config.dataDir,
    };
    const production = {
      ...base,
      NODE_ENV: 'production',
      CANOPY_ANALYTICS: 'emulator',
      CANOPY_MAIL: 'outbox',
    };
    expect(loadConfig(production).requireMfaForSuperAdmins).toBe(true);
    expect(
      loadConfig({ ...production, CANOPY_REQUIRE_MFA_SUPERADMINS: 'false' })
        .requireMfaForSuperAdmins,
    ).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).requireMfaForSuperAdmins).toBe(false);
    expect(
      loadConfig({ ...base, NODE_ENV: 'test', CANOPY_REQUIRE_MFA_SUPERADMINS: 'true' })
        .requireMfaForSuperAdmins,
    ).toBe(true);
    expect(() => loadConfig({ ...base, CANOPY_REQUIRE_MFA_SUPERADMINS: 'yes' })).toThrow(
      /CANOPY_REQUIRE_MFA_SUPERADMINS/,
    );
  });
});
