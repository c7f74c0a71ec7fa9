import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readOutbox, type OutboxMail } from '../../../src/modules/mail/mailer.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, createTenant, type Cast } from '../../support/fixtures.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-Secret-7';
const DAY = 24 * 60 * 60 * 1000;
let n = 0;
const email = (prefix = 'invitee') => `${prefix}-${process.pid}-${++n}@example.com`;

// Public routes from their own address each: the per-address auth limit is tested elsewhere.
let address = 0;
const remoteAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

const outbox = () => readOutbox(join(t.config.dataDir, 'outbox'));
const mailsTo = async (to: string) => (await outbox()).filter((m) => m.to === to);
const LINK = /\/reset-password\?token=([\w%-]+)/;
function tokenOf(mail: OutboxMail | undefined): string {
  const match = LINK.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error('no link in the mail');
  return decodeURIComponent(match[1]);
}
const latestToken = async (to: string) => tokenOf((await mailsTo(to)).at(-1));

const setPassword = (token: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: NEW_PASSWORD },
    remoteAddress: remoteAddress(),
  });
const linkStatus = (token: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/password-link',
    payload: { token },
    remoteAddress: remoteAddress(),
  });
const renew = (token: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/invitation/renew',
    payload: { token },
    remoteAddress: remoteAddress(),
  });
const createTenantApi = (payload: object) =>
  t.request({ method: 'POST', url: '/api/admin/tenants', token: cast.superAdmin.token, payload });
const invite = (tenantId: string, role = 'Viewer', token = cast.adminA.token) =>
  t.request({
    method: 'POST',
    url: '/api/users',
    token,
    payload: { email: email(), tenantId, role },
  });
const resend = (id: string, token: string) =>
  t.request({ method: 'POST', url: `/api/users/invitations/${id}`, token });
const revoke = (id: string, token: string) =>
  t.request({ method: 'DELETE', url: `/api/users/invitations/${id}`, token });
const bulk = (payload: object, token = cast.adminA.token) =>
  t.request({ method: 'POST', url: '/api/users/invitations', token, payload });
const listOf = async (tenantId: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/users/tenant/${tenantId}`,
      token: cast.superAdmin.token,
    })
  ).json<{
    users: { id: string; email: string; status: string; invitationExpiresAt: string | null }[];
  }>().users;
const expireLinksOf = (userId: string) =>
  t.database.db
    .updateTable('password_tokens')
    .set({ expires_at: new Date(Date.now() - 60_000) })
    .where('user_id', '=', userId)
    .execute();
const waitForMails = (to: string, count: number) =>
  vi.waitFor(
    async () => {
      const mails = await mailsTo(to);
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 10_000, interval: 25 },
  );

describe('creating a tenant invites its administrator', () => {
  it('makes the admin email the first Admin, invited by mail in the same request', async () => {
    const adminEmail = email('Owner').toUpperCase();
    const res = await createTenantApi({
      name: 'Invites Inc',
      adminEmail,
      createPowerBIWorkspace: false,
    });
    expect(res.statusCode).toBe(201);
    const tenant = res.json<{ id: string }>();
    const [admin, ...others] = await listOf(tenant.id);
    expect(others).toEqual([]);
    expect(admin).toMatchObject({
      email: adminEmail.toLowerCase(),
      roles: [{ name: 'Admin' }],
      status: 'invited',
    });
    const expires = Date.parse(admin?.invitationExpiresAt ?? '');
    expect(expires - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY);
    const [mail, ...more] = await mailsTo(adminEmail.toLowerCase());
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('You have been invited to Canopy');
    expect((await setPassword(tokenOf(mail))).statusCode).toBe(200);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: adminEmail, password: NEW_PASSWORD },
      remoteAddress: remoteAddress(),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ tenantId: tenant.id, roles: ['Admin'] });
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'target'])
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'user.create')
      .execute();
    expect(events).toEqual([{ action: 'user.create', target: `user:${admin?.id}` }]);
  });

  it("refuses an email that is someone's already with 409 ADMIN_EMAIL_TAKEN, creating nothing", async () => {
    const mailsBefore = (await outbox()).length;
    const res = await createTenantApi({
      name: 'Taken Admin Ltd',
      adminEmail: cast.adminB.email.toUpperCase(),
      createPowerBIWorkspace: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'A user with this email already exists: choose another administrator email',
      code: 'ADMIN_EMAIL_TAKEN',
    });
    const tenants = await t.database.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', 'Taken Admin Ltd')
      .execute();
    expect(tenants).toEqual([]);
    expect(await outbox()).toHaveLength(mailsBefore);
    // The person whose email it was is untouched: still tenant B's Admin.
    const adminB = (await listOf(cast.tenantB.id)).find((u) => u.id === cast.adminB.id);
    expect(adminB).toMatchObject({ status: 'active', invitationExpiresAt: null });
  });
});

describe('POST /api/users/invitations/{id} (resend)', () => {
  it('mails a new 7-day link; the old one stops working, the new one works', async () => {
    const person = (await invite(cast.tenantA.id)).json<{ id: string; email: string }>();
    const oldToken = await latestToken(person.email);
    await expireLinksOf(person.id);
    const expired = (await listOf(cast.tenantA.id)).find((u) => u.id === person.id);
    expect(Date.parse(expired?.invitationExpiresAt ?? '')).toBeLessThan(Date.now());

    const res = await resend(person.id, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const renewedAt = Date.parse(res.json().invitationExpiresAt);
    expect(renewedAt - Date.now()).toBeGreaterThan(6.9 * DAY);
    // The list (kept in memory per tenant) shows the new expiry at once.
    const listed = (await listOf(cast.tenantA.id)).find((u) => u.id === person.id);
    expect(listed?.invitationExpiresAt).toBe(res.json().invitationExpiresAt);

    const mails = await mailsTo(person.email);
    expect(mails).toHaveLength(2);
    const newToken = tokenOf(mails[1]);
    expect(newToken).not.toBe(oldToken);
    expect((await setPassword(oldToken)).json().code).toBe('INVALID_RESET_TOKEN');
    expect((await setPassword(newToken)).statusCode).toBe(200);
  });

  it('refuses someone who already set a password with 409 NOT_INVITED', async () => {
    const res = await resend(cast.viewerA.id, cast.adminA.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'This person has already activated their account',
      code: 'NOT_INVITED',
    });
  });

  it("answers 404 to another tenant's Admin, mailing nothing; a super admin may", async () => {
    const person = (await invite(cast.tenantA.id)).json<{ id: string; email: string }>();
    const res = await resend(person.id, cast.adminB.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
    expect(await mailsTo(person.email)).toHaveLength(1);
    expect((await resend(person.id, cast.superAdmin.token)).statusCode).toBe(200);
    expect(await mailsTo(person.email)).toHaveLength(2);
    expect((await resend(person.id, cast.viewerA.token)).statusCode).toBe(403);
  });
});

describe('DELETE /api/users/invitations/{id} (revoke)', () => {
  it('deletes the invited account; its link stops working', async () => {
    const person = (await invite(cast.tenantA.id)).json<{ id: string; email: string }>();
    const token = await latestToken(person.email);
    const res = await revoke(person.id, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await listOf(cast.tenantA.id)).map((u) => u.id)).not.toContain(person.id);
    expect((await setPassword(token)).json().code).toBe('INVALID_RESET_TOKEN');
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id'])
      .where('target', '=', `user:${person.id}`)
      .orderBy('id')
      .execute();
    expect(events.at(-1)).toEqual({
      action: 'user.invitation_revoke',
      actor_id: cast.adminA.id,
    });
  });

  it('refuses an active person (NOT_INVITED) and a tenant whose only Admin is invited', async () => {
    expect((await revoke(cast.viewerA.id, cast.adminA.token)).json().code).toBe('NOT_INVITED');
    const tenant = (
      await createTenantApi({ name: 'Lone', adminEmail: email(), createPowerBIWorkspace: false })
    ).json<{ id: string }>();
    const [admin] = await listOf(tenant.id);
    const res = await revoke(admin?.id ?? '', cast.superAdmin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAST_ADMIN');
  });

  it("answers 404 to another tenant's Admin and keeps the person", async () => {
    const person = (await invite(cast.tenantA.id)).json<{ id: string }>();
    expect((await revoke(person.id, cast.adminB.token)).statusCode).toBe(404);
    expect((await listOf(cast.tenantA.id)).map((u) => u.id)).toContain(person.id);
  });
});

describe('POST /api/users/invitations (bulk)', () => {
  it('invites the valid new addresses and answers a result per address', async () => {
    const [one, two] = [email('bulk'), email('bulk')];
    const res = await bulk({
      emails: [one, ` ${two.toUpperCase()} `, cast.viewerA.email, 'not-an-email', one],
      tenantId: cast.tenantA.id,
      role: 'Admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { email: one, outcome: 'created' },
      { email: two, outcome: 'created' },
      { email: cast.viewerA.email, outcome: 'exists' },
      { email: 'not-an-email', outcome: 'invalid' },
    ]);
    const people = await listOf(cast.tenantA.id);
    for (const address of [one, two]) {
      expect(people.find((u) => u.email === address)).toMatchObject({
        status: 'invited',
        roles: [{ name: 'Admin' }],
      });
      expect(await mailsTo(address)).toHaveLength(1);
    }
  });

  it('takes at most 50 addresses, and only for a tenant the caller administers', async () => {
    const many = Array.from({ length: 51 }, () => email('many'));
    const tooMany = await bulk({ emails: many, tenantId: cast.tenantA.id });
    expect(tooMany.statusCode).toBe(400);
    const foreign = await bulk({ emails: [email('foreign')], tenantId: cast.tenantB.id });
    expect(foreign.statusCode).toBe(403);
    expect(
      await t.database.db.selectFrom('users').select('id').where('email', 'in', many).execute(),
    ).toEqual([]);
  });
});

describe('expired links', () => {
  it('tells the holder whether a link still works and what it is for', async () => {
    const person = (await invite(cast.tenantA.id)).json<{ id: string; email: string }>();
    const token = await latestToken(person.email);
    expect((await linkStatus(token)).json()).toEqual({ usable: true, purpose: 'invite' });
    await expireLinksOf(person.id);
    expect((await linkStatus(token)).json()).toEqual({ usable: false, purpose: 'invite' });
    expect((await linkStatus('no-such-token')).json()).toEqual({ usable: false, purpose: null });
  });

  it('mails a fresh invitation for an expired one; the answer is neutral whatever happens', async () => {
    const neutral = {
      message: 'If this invitation is still open, a new link has been sent to its address',
    };
    const person = (await invite(cast.tenantA.id)).json<{ id: string; email: string }>();
    const oldToken = await latestToken(person.email);
    await expireLinksOf(person.id);
    const res = await renew(oldToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(neutral);
    const mails = await waitForMails(person.email, 2);
    const newToken = tokenOf(mails[1]);
    expect((await setPassword(oldToken)).json().code).toBe('INVALID_RESET_TOKEN');
    expect((await setPassword(newToken)).statusCode).toBe(200);

    // Now active: the old link renews nothing, and neither does an unknown one.
    for (const token of [oldToken, newToken, 'no-such-token']) {
      expect((await renew(token)).json()).toEqual(neutral);
    }
    // Every request was looked at (audited) without a mail for any of the last three.
    await vi.waitFor(async () => {
      const rows = await t.database.db
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', 'auth.invitation_renewal_requested')
        .execute();
      expect(rows).toHaveLength(4);
    });
    expect(await mailsTo(person.email)).toHaveLength(2);
  });

  it('sends at most 3 invitation mails per person per hour', async () => {
    const tenant = await createTenant(t);
    const inviter = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const person = (await invite(tenant.id, 'Viewer', inviter.token)).json<{
      id: string;
      email: string;
    }>();
    const token = await latestToken(person.email);
    const renewals = () =>
      t.database.db
        .selectFrom('audit_events')
        .select('details')
        .where('action', '=', 'auth.invitation_renewal_requested')
        .where('actor_id', '=', person.id)
        .execute();
    // One at a time: each request's mail is sent after its answer.
    for (let i = 1; i <= 4; i++) {
      await renew(token);
      await vi.waitFor(async () => expect(await renewals()).toHaveLength(i));
    }
    expect((await renewals()).map((r) => r.details)).toEqual([
      { sent: true },
      { sent: true },
      { sent: false, reason: 'too many requests' },
      { sent: false, reason: 'too many requests' },
    ]);
    expect(await mailsTo(person.email)).toHaveLength(3);
  });
});

describe('separate links', () => {
  it('Forgot password leaves a pending invitation working; the first link used closes the other', async () => {
    const res = await invite(cast.tenantA.id);
    const address = res.json<{ email: string }>().email;
    const invitation = await latestToken(address);
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: address },
      remoteAddress: remoteAddress(),
    });
    expect(asked.statusCode).toBe(200);
    const [, resetMail] = await waitForMails(address, 2);
    expect(resetMail?.subject).toBe('Reset your Canopy password');
    const reset = tokenOf(resetMail);
    expect((await linkStatus(invitation)).json()).toMatchObject({ purpose: 'invite' });
    expect((await setPassword(invitation)).statusCode).toBe(200);
    expect((await setPassword(reset)).json().code).toBe('INVALID_RESET_TOKEN');
  });
});

describe('the last Admin', () => {
  it('counts only Admins who activated: an invited one does not keep a tenant administrable', async () => {
    const tenant = await createTenant(t);
    const active = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const invited = await invite(tenant.id, 'Admin', cast.superAdmin.token);
    expect(invited.statusCode).toBe(201);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/users/${active.id}`,
      token: cast.superAdmin.token,
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().code).toBe('LAST_ADMIN');
    const demoted = await t.request({
      method: 'PUT',
      url: `/api/users/${active.id}`,
      token: cast.superAdmin.token,
      payload: { role: 'Viewer' },
    });
    expect(demoted.json().code).toBe('LAST_ADMIN');
    // The invited Admin may still be withdrawn: the active one remains.
    const withdrawn = await revoke(invited.json<{ id: string }>().id, cast.superAdmin.token);
    expect(withdrawn.statusCode).toBe(200);
  });
});
