import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../../src/modules/mail/mailer.ts';
import { build, type TestApp } from '../../helper.ts';
import {
  createCast,
  createPerson,
  createTenant,
  PASSWORD,
  type Cast,
} from '../../support/fixtures.ts';
import { join } from 'node:path';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
});
afterAll(() => t.close());

let n = 0;
const email = (prefix = 'new') => `${prefix}-${++n}@example.com`;
const list = (tenantId: string, token: string) =>
  t.request({ method: 'GET', url: `/api/users/tenant/${tenantId}`, token });
const createUser = (payload: object, token: string) =>
  t.request({ method: 'POST', url: '/api/users', token, payload });
const putRole = (id: string, role: string, token: string) =>
  t.request({ method: 'PUT', url: `/api/users/${id}`, token, payload: { role } });
const remove = (id: string, token: string) =>
  t.request({ method: 'DELETE', url: `/api/users/${id}`, token });
const sessionsOf = async (userId: string) =>
  (
    await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute()
  ).length;

describe('GET /api/users/tenant/{tenantId}', () => {
  it("lists a tenant's people with roles, status, names and last sign-in", async () => {
    const res = await list(cast.tenantA.id, cast.superAdmin.token);
    expect(res.statusCode).toBe(200);
    const users = res.json().users;
    const admin = users.find((u: { id: string }) => u.id === cast.adminA.id);
    expect(admin).toEqual({
      id: cast.adminA.id,
      email: cast.adminA.email,
      tenantId: cast.tenantA.id,
      roles: [{ name: 'Admin' }],
      isSuperAdmin: false,
      lastLoggedIn: null,
      firstName: null,
      lastName: null,
      status: 'active',
      invitationExpiresAt: null,
    });
    expect(users.every((u: { tenantId: string }) => u.tenantId === cast.tenantA.id)).toBe(true);
  });

  it('lists each person once, by email, with every role of theirs (or none)', async () => {
    const tenant = await createTenant(t);
    const both = await createPerson(t, {
      tenantId: tenant.id,
      role: 'Viewer',
      email: 'b@list.example',
    });
    await t.database.db
      .insertInto('user_roles')
      .values({ user_id: both.id, role: 'Admin' })
      .execute();
    const none = await createPerson(t, { tenantId: tenant.id, email: 'a@list.example' });
    await t.database.db.deleteFrom('user_roles').where('user_id', '=', none.id).execute();
    const one = await createPerson(t, {
      tenantId: tenant.id,
      role: 'Viewer',
      email: 'c@list.example',
    });
    const res = await list(tenant.id, cast.superAdmin.token);
    expect(
      res
        .json<{ users: { id: string; roles: { name: string }[] }[] }>()
        .users.map((u) => [u.id, u.roles]),
    ).toEqual([
      [none.id, []],
      [both.id, [{ name: 'Admin' }, { name: 'Viewer' }]],
      [one.id, [{ name: 'Viewer' }]],
    ]);
  });

  it('lets a Viewer read their own tenant’s list, and refuses another tenant (403)', async () => {
    expect((await list(cast.tenantA.id, cast.viewerA.token)).statusCode).toBe(200);
    const foreign = await list(cast.tenantB.id, cast.viewerA.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('You do not have permission to perform this action');
  });

  it('answers an empty list for a tenant with nobody, and 404 for no such tenant', async () => {
    const empty = await createTenant(t);
    const res = await list(empty.id, cast.superAdmin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ users: [] });
    const missing = await list('00000000-0000-4000-8000-000000000000', cast.superAdmin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('TENANT_NOT_FOUND');
  });

  it('shows lastLoggedIn once the person has signed in', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
    });
    const res = await list(tenant.id, person.token);
    expect(Date.parse(res.json().users[0].lastLoggedIn)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('POST /api/users', () => {
  it('creates an invited account whatever password was sent, and mails it a set-password link', async () => {
    const address = email('Invitee').toUpperCase();
    const res = await createUser(
      { email: address, tenantId: cast.tenantA.id, role: 'Viewer', password: 'DefaultPass123' },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: address.toLowerCase(),
      tenantId: cast.tenantA.id,
      roles: [{ name: 'Viewer' }],
      status: 'invited',
      isSuperAdmin: false,
    });
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    // The sent password is no credential.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: address, password: 'DefaultPass123' },
    });
    expect(login.statusCode).toBe(401);
    const mails = await readOutbox(join(t.config.dataDir, 'outbox'));
    const mail = mails.find((m) => m.to === address.toLowerCase());
    expect(mail?.text).toMatch(/http:\/\/portal\.test\/reset-password\?token=[\w-]+/);
    expect(mail?.text).not.toContain('DefaultPass123');
    const tokens = await t.database.db
      .selectFrom('password_tokens')
      .select('purpose')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toEqual([{ purpose: 'invite' }]);
  });

  it('lets the invited person sign in once they chose a password through the mailed link', async () => {
    const address = email('accepts');
    const created = await createUser(
      { email: address, tenantId: cast.tenantA.id },
      cast.adminA.token,
    );
    const mails = await readOutbox(join(t.config.dataDir, 'outbox'));
    const token = /token=([\w%-]+)/.exec(mails.find((m) => m.to === address)?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token ?? ''), newPassword: 'Chosen-Password-9' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: address, password: 'Chosen-Password-9' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: created.json().id, roles: ['Viewer'] });
    const listed = (await list(cast.tenantA.id, cast.adminA.token)).json().users;
    expect(listed.find((u: { email: string }) => u.email === address).status).toBe('active');
  });

  it('defaults the role to Viewer and lets a super admin create in any tenant', async () => {
    const res = await createUser(
      { email: email(), tenantId: cast.tenantB.id, password: 'x' },
      cast.superAdmin.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tenantId: cast.tenantB.id, roles: [{ name: 'Viewer' }] });
  });

  it('refuses a taken email of the own tenant, whatever its case, with 409 EMAIL_TAKEN', async () => {
    // One of another tenant answers like a new invitation (invitation-limits.test.ts).
    const res = await createUser(
      { email: cast.viewerA.email.toUpperCase(), tenantId: cast.tenantA.id, role: 'Viewer' },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'A user with this email already exists',
      code: 'EMAIL_TAKEN',
    });
  });

  it('lets only one of two simultaneous requests for the same email succeed', async () => {
    const address = email('race');
    const results = await Promise.all(
      [cast.adminA.token, cast.superAdmin.token].map((token) =>
        createUser({ email: address, tenantId: cast.tenantA.id }, token),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("refuses a tenant Admin another tenant's users (403) and Viewers altogether", async () => {
    const foreign = await createUser(
      { email: email(), tenantId: cast.tenantB.id },
      cast.adminA.token,
    );
    expect(foreign.statusCode).toBe(403);
    const viewer = await createUser(
      { email: email(), tenantId: cast.tenantA.id },
      cast.viewerA.token,
    );
    expect(viewer.statusCode).toBe(403);
  });

  it('answers 404 for a tenant that does not exist, and 400 for a bad email or role', async () => {
    const missing = await createUser(
      { email: email(), tenantId: '00000000-0000-4000-8000-000000000000' },
      cast.superAdmin.token,
    );
    expect(missing.statusCode).toBe(404);
    const bad = await createUser(
      { email: 'not-an-email', tenantId: cast.tenantA.id, role: 'Owner' },
      cast.superAdmin.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body.email', 'body.role']);
  });
});

describe('POST /api/users when the invitation cannot be mailed', () => {
  it('keeps no account (the invitation is part of the creation)', async () => {
    const failing = await build({
      mailer: { send: () => Promise.reject(new Error('SMTP down')) },
    });
    try {
      const tenant = await createTenant(failing);
      const admin = await createPerson(failing, { superAdmin: true });
      const res = await failing.request({
        method: 'POST',
        url: '/api/users',
        token: admin.token,
        payload: { email: 'unmailable@example.com', tenantId: tenant.id },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Service temporarily unavailable',
        code: 'SERVICE_UNAVAILABLE',
      });
      const rows = await failing.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'unmailable@example.com')
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

describe('PUT /api/users/{id}', () => {
  it('changes the role, returns the updated user and ends their sessions', async () => {
    const person = await createPerson(t, { tenantId: cast.tenantA.id, role: 'Viewer' });
    expect(await sessionsOf(person.id)).toBe(1);
    const res = await putRole(person.id, 'Admin', cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: person.id, roles: [{ name: 'Admin' }] });
    expect(await sessionsOf(person.id)).toBe(0);
    const stale = await list(cast.tenantA.id, person.token);
    expect(stale.statusCode).toBe(401);
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('target', '=', `user:${person.id}`)
      .execute();
    expect(events).toEqual([
      {
        action: 'user.update_role',
        details: { email: person.email, before: ['Viewer'], after: ['Admin'] },
      },
    ]);
  });

  it('keeps sessions when the role does not change', async () => {
    const person = await createPerson(t, { tenantId: cast.tenantA.id, role: 'Viewer' });
    const res = await putRole(person.id, 'Viewer', cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(await sessionsOf(person.id)).toBe(1);
  });

  it('never demotes the last Admin of a tenant (409 LAST_ADMIN)', async () => {
    const tenant = await createTenant(t);
    const admin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const res = await putRole(admin.id, 'Viewer', cast.superAdmin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAST_ADMIN');
    // With a second Admin, the first may be demoted.
    await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    expect((await putRole(admin.id, 'Viewer', cast.superAdmin.token)).statusCode).toBe(200);
  });

  it('lets only one of two Admins be demoted when both are demoted at once', async () => {
    const tenant = await createTenant(t);
    const one = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const two = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const results = await Promise.all(
      [one, two].map((p) => putRole(p.id, 'Viewer', cast.superAdmin.token)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses to change oneself (409)', async () => {
    const res = await putRole(cast.adminA.id, 'Viewer', cast.adminA.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CANNOT_CHANGE_SELF');
  });

  it("answers 404 for another tenant's person, a super admin or nobody", async () => {
    for (const id of [
      cast.viewerB.id,
      cast.superAdmin.id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await putRole(id, 'Admin', cast.adminA.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    expect((await putRole(cast.viewerB.id, 'Viewer', cast.viewerA.token)).statusCode).toBe(403);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a person with their sessions', async () => {
    const person = await createPerson(t, { tenantId: cast.tenantA.id, role: 'Viewer' });
    const res = await remove(person.id, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', person.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await sessionsOf(person.id)).toBe(0);
    expect((await list(cast.tenantA.id, person.token)).statusCode).toBe(401);
  });

  it('never deletes the last Admin, nor oneself', async () => {
    const tenant = await createTenant(t);
    const admin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const last = await remove(admin.id, cast.superAdmin.token);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_ADMIN');
    const self = await remove(cast.adminA.id, cast.adminA.token);
    expect(self.statusCode).toBe(409);
  });

  it("answers 404 for another tenant's person", async () => {
    const res = await remove(cast.viewerB.id, cast.adminA.token);
    expect(res.statusCode).toBe(404);
    const still = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', cast.viewerB.id)
      .execute();
    expect(still).toHaveLength(1);
  });
});

describe('GET /api/users/chat/{tenantId}', () => {
  it("lists the caller's colleagues (id, email, name), never the caller or another tenant's people", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/users/chat/${cast.tenantA.id}`,
      token: cast.viewerA.token,
    });
    expect(res.statusCode).toBe(200);
    const contacts: { id: string; email: string }[] = res.json();
    expect(contacts).toContainEqual({
      id: cast.adminA.id,
      email: cast.adminA.email,
      active: true,
      firstName: null,
      lastName: null,
    });
    expect(contacts.map((c) => c.id)).not.toContain(cast.viewerA.id);
    expect(contacts.map((c) => c.id)).not.toContain(cast.viewerB.id);
    expect(Object.keys(contacts[0]!).sort()).toEqual([
      'active',
      'email',
      'firstName',
      'id',
      'lastName',
    ]);
  });

  it('says who is only invited (no password yet): active false', async () => {
    const invitedEmail = email('invited-chat');
    const created = await createUser(
      { email: invitedEmail, tenantId: cast.tenantA.id, role: 'Viewer' },
      cast.adminA.token,
    );
    expect(created.statusCode).toBe(201);
    const res = await t.request({
      method: 'GET',
      url: `/api/users/chat/${cast.tenantA.id}`,
      token: cast.viewerA.token,
    });
    expect(res.json()).toContainEqual({
      id: created.json<{ id: string }>().id,
      email: invitedEmail,
      active: false,
      firstName: null,
      lastName: null,
    });
  });

  it('is for tenant members of that tenant only', async () => {
    const foreign = await t.request({
      method: 'GET',
      url: `/api/users/chat/${cast.tenantB.id}`,
      token: cast.viewerA.token,
    });
    expect(foreign.statusCode).toBe(403);
    const superAdmin = await t.request({
      method: 'GET',
      url: `/api/users/chat/${cast.tenantA.id}`,
      token: cast.superAdmin.token,
    });
    expect(superAdmin.statusCode).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  it('counts the people of every tenant for a super administrator', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/users',
      token: cast.superAdmin.token,
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('is_super_admin', '=', false)
      .execute();
    expect(res.json()).toEqual({ count: rows.length });
    const denied = await t.request({
      method: 'GET',
      url: '/api/admin/users',
      token: cast.adminA.token,
    });
    expect(denied.statusCode).toBe(403);
  });
});
