import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, PASSWORD } from '../../support/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('POST /api/auth/login', () => {
  it('signs a tenant user in with their tenant branding, roles and a working token', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const res = await login(person.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
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
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    const cookie = res.cookies.find((c) => c.name === 'canopy_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const user = await t.database.db
      .selectFrom('users')
      .select('last_logged_in')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(user.last_logged_in).toBeInstanceOf(Date);
  });

  it('signs a super administrator in without a tenant', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const res = await login(person.email, PASSWORD);
    expect(res.json()).toMatchObject({ type: 'superadmin', tenantId: null, roles: [] });
  });

  it('answers unknown email and wrong password with the same 401', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const wrong = await login(person.email, 'Wrong-Password-1');
    const unknown = await login('nobody@example.com', 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('locks the account for 15 minutes after 5 failures, even for the right password', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id });
    for (let i = 0; i < 4; i++)
      expect((await login(person.email, 'Wrong-Password-1')).statusCode).toBe(401);
    const fifth = await login(person.email, 'Wrong-Password-1');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('ACCOUNT_LOCKED');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const right = await login(person.email, PASSWORD);
    expect(right.statusCode).toBe(429);
    const events = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', person.id)
      .execute();
    expect(events.map((e) => e.action)).toContain('auth.locked');
  });

  it('refuses people of an inactive tenant', async () => {
    const tenant = await createTenant(t, { status: 'inactive' });
    const person = await createPerson(t, { tenantId: tenant.id });
    const res = await login(person.email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TENANT_INACTIVE');
  });

  it('answers a malformed body with a 400 that lists the fields', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.password']),
    );
  });
});
