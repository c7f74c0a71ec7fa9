import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, PASSWORD } from '../../support/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });

// Each test from addresses of its own: the per-address limits would otherwise meet.
let address = 0;
const newAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

/** Which attempt from its address the person's last sign-in was (the audit records it). */
async function attemptOfSignIn(userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_events')
    .select('details')
    .where('actor_id', '=', userId)
    .where('action', '=', 'auth.login')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return (row.details as { attempt: number }).attempt;
}

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

  it('counts concurrent guesses before verifying them: the right one after five is refused', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id });
    const from = newAddress();
    for (let i = 0; i < 3; i++) {
      expect((await login(person.email, `Wrong-Password-${i}`, from)).statusCode).toBe(401);
    }
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => login(person.email, `Wrong-Race-${i}`, from)),
      login(person.email, PASSWORD, from),
    ]);
    const right = results.at(-1);
    const codes = results.map((r) => r.json<{ code?: string }>().code ?? 'OK');
    if (right?.statusCode === 200) {
      // Legitimate only when it was among the five attempts the address had.
      expect(await attemptOfSignIn(person.id)).toBeLessThanOrEqual(5);
    } else {
      // Two attempts were left: one wrong (401), one wrong that locks (429); the rest refused.
      expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(1);
      expect(codes.filter((c) => c === 'ACCOUNT_LOCKED')).toHaveLength(6);
      expect(right?.statusCode).toBe(429);
      expect((await login(person.email, PASSWORD, from)).statusCode).toBe(429);
    }
  });

  it('locks out the address that guessed, not the owner elsewhere', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id });
    const stranger = newAddress();
    for (let i = 0; i < 4; i++) {
      expect((await login(person.email, `Wrong-Password-${i}`, stranger)).statusCode).toBe(401);
    }
    expect((await login(person.email, 'Wrong-Password-5', stranger)).statusCode).toBe(429);
    expect((await login(person.email, PASSWORD, stranger)).statusCode).toBe(429);
    const owner = await login(person.email, PASSWORD, newAddress());
    expect(owner.statusCode).toBe(200);
  });

  it('answers an unknown address exactly like an existing one, lock included', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id });
    const from = newAddress();
    const answers = async (email: string) => {
      const out: { status: number; body: unknown; retry: boolean }[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await login(email, `Wrong-Password-${i}`, from);
        out.push({
          status: res.statusCode,
          body: res.json(),
          retry: Number(res.headers['retry-after']) > 14 * 60,
        });
      }
      return out;
    };
    const known = await answers(person.email);
    const unknown = await answers(`nobody-${address}@example.com`);
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('the right password starts the address afresh', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id });
    const from = newAddress();
    for (let i = 0; i < 4; i++) await login(person.email, `Wrong-Password-${i}`, from);
    expect((await login(person.email, PASSWORD, from)).statusCode).toBe(200);
    expect(await attemptOfSignIn(person.id)).toBe(5);
    for (let i = 0; i < 4; i++) {
      expect((await login(person.email, `Wrong-Again-${i}`, from)).statusCode).toBe(401);
    }
  });

  it('locks the email for everyone after fifty wrong passwords from many addresses', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id });
    for (let a = 0; a < 10; a++) {
      const from = newAddress();
      for (let i = 0; i < 5; i++) await login(person.email, `Wrong-${a}-${i}-X`, from);
    }
    const owner = await login(person.email, PASSWORD, newAddress());
    expect(owner.statusCode).toBe(429);
    expect(owner.json().code).toBe('ACCOUNT_LOCKED');
    const rows = await t.database.db
      .selectFrom('sign_in_attempts')
      .select('attempts')
      .where('email', '=', person.email)
      .where('client', '=', '*')
      .executeTakeFirstOrThrow();
    expect(rows.attempts).toBe(50);
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
