import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../../src/modules/mail/mailer.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, PASSWORD, type TestPerson } from '../../support/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh-Secret-42';
// Each call from its own address: the per-address auth limit is tested in rate-limit.test.ts.
let address = 0;
const remoteAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

async function viewer(): Promise<TestPerson> {
  const tenant = await createTenant(t);
  return createPerson(t, { tenantId: tenant.id, role: 'Viewer' });
}

/** Signs in through /login from a named browser; the access token and refresh cookie. */
async function signIn(email: string, password = PASSWORD, userAgent = 'test-browser') {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, remember: true },
    headers: { 'user-agent': userAgent },
    remoteAddress: remoteAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'canopy_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return { token: res.json<{ token: string }>().token, refresh: cookie.value };
}

const refresh = (cookie: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { canopy_refresh: cookie },
    remoteAddress: remoteAddress(),
  });

const sidOf = (token: string) => t.app.jwt.decode<{ sid: string }>(token)?.sid ?? '';

const rename = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: '/api/account', token, payload });
const changePassword = (
  token: string,
  currentPassword: string,
  newPassword = NEW_PASSWORD,
  from = remoteAddress(),
) =>
  t.request({
    method: 'POST',
    url: '/api/account/password',
    token,
    payload: { currentPassword, newPassword },
    remoteAddress: from,
  });
const sessions = async (token: string) => {
  const res = await t.request({ method: 'GET', url: '/api/account/sessions', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sessions: { id: string; current: boolean; userAgent: string | null }[] }>()
    .sessions;
};
/** Which attempt from its address the person's password change was (the audit records it). */
async function attemptOfChange(userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_events')
    .select('details')
    .where('actor_id', '=', userId)
    .where('action', '=', 'account.password_change')
    .executeTakeFirstOrThrow();
  return (row.details as { attempt: number }).attempt;
}
const me = (token: string) => t.request({ method: 'GET', url: '/api/account', token });

async function auditActions(userId: string) {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select('action')
    .where('actor_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('display name', () => {
  it('is set trimmed, shown by /account, the user list, sign-in and refresh; cleared with two empties', async () => {
    const person = await viewer();
    const set = await rename(person.token, { firstName: '  Ada ', lastName: 'Lovelace  ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      email: person.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect((await me(person.token)).json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    const list = await t.request({
      method: 'GET',
      url: `/api/users/tenant/${person.tenantId}`,
      token: person.token,
    });
    expect(list.json<{ users: unknown[] }>().users).toEqual([
      expect.objectContaining({ id: person.id, firstName: 'Ada', lastName: 'Lovelace' }),
    ]);

    const session = await signIn(person.email);
    const refreshed = await refresh(session.refresh);
    expect(refreshed.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    const cleared = await rename(person.token, { firstName: ' ', lastName: '' });
    expect(cleared.json()).toMatchObject({ firstName: null, lastName: null });
    expect(await auditActions(person.id)).toContain('account.name_change');
  });

  it('a super admin has a name too', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    const res = await rename(admin.token, { firstName: 'Grace', lastName: 'Hopper' });
    expect(res.json()).toMatchObject({ isSuperAdmin: true, firstName: 'Grace' });
    const session = await signIn(admin.email);
    expect((await refresh(session.refresh)).json()).toMatchObject({ lastName: 'Hopper' });
  });

  it.each([
    [{ firstName: 'Ada', lastName: '' }, 'body.lastName', 'Enter both a first and a last name'],
    [{ firstName: '   ', lastName: 'Lovelace' }, 'body.firstName', 'Enter both'],
    [{ firstName: 'A'.repeat(101), lastName: 'Lovelace' }, 'body.firstName', 'at most 100'],
    [{ firstName: 'Ada' }, 'body.lastName', ''],
    [{ firstName: 'Ada\u0007', lastName: 'Lovelace' }, 'body.firstName', 'control characters'],
    [{ firstName: 'Ada', lastName: 'Love\nlace' }, 'body.lastName', 'control characters'],
  ])('refuses %j with VALIDATION_FAILED and keeps the name', async (payload, path, message) => {
    const person = await viewer();
    await rename(person.token, { firstName: 'Kept', lastName: 'Name' });
    const res = await rename(person.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path, message: expect.stringContaining(message) })],
    });
    expect((await me(person.token)).json()).toMatchObject({ firstName: 'Kept', lastName: 'Name' });
  });

  it('refuses a NUL character as text the database cannot hold, and keeps the name', async () => {
    const person = await viewer();
    await rename(person.token, { firstName: 'Kept', lastName: 'Name' });
    const res = await rename(person.token, { firstName: 'Ada\u0000', lastName: 'Lovelace' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_TEXT' });
    expect((await me(person.token)).json()).toMatchObject({ firstName: 'Kept', lastName: 'Name' });
  });

  it('accepts exactly 100 characters', async () => {
    const person = await viewer();
    const res = await rename(person.token, { firstName: 'B'.repeat(100), lastName: 'C' });
    expect(res.statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('refuses a wrong current password with WRONG_PASSWORD and counts it towards the lockout', async () => {
    const person = await viewer();
    const from = remoteAddress();
    const res = await changePassword(person.token, 'Not-The-Password-1', NEW_PASSWORD, from);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'WRONG_PASSWORD',
      error: 'Your current password is not correct',
    });
    const rows = await t.database.db
      .selectFrom('sign_in_attempts')
      .select(['client', 'attempts'])
      .where('email', '=', person.email)
      .orderBy('client')
      .execute();
    expect(rows).toEqual([
      { client: '*', attempts: 1 },
      { client: from, attempts: 1 },
    ]);
    // The session that tried is not signed out: only the password typed was wrong.
    expect((await me(person.token)).statusCode).toBe(200);
    expect(await auditActions(person.id)).toContain('account.password_change_failed');
  });

  it('locks the address out on the fifth wrong password, for this form and for sign-in', async () => {
    const person = await viewer();
    const from = remoteAddress();
    for (let i = 0; i < 4; i++) {
      const res = await changePassword(person.token, `Wrong-Guess-${i}`, NEW_PASSWORD, from);
      expect(res.statusCode).toBe(400);
    }
    const fifth = await changePassword(person.token, 'Wrong-Guess-5', NEW_PASSWORD, from);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('ACCOUNT_LOCKED');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused now from that address, here and at sign-in.
    const right = await changePassword(person.token, PASSWORD, NEW_PASSWORD, from);
    expect(right.json().code).toBe('ACCOUNT_LOCKED');
    const signInFrom = (address: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: PASSWORD },
        remoteAddress: address,
      });
    expect((await signInFrom(from)).json().code).toBe('ACCOUNT_LOCKED');
    expect(await auditActions(person.id)).toContain('auth.locked');
    // Another address is not locked out: guesses elsewhere do not keep the owner out.
    expect((await signInFrom(remoteAddress())).statusCode).toBe(200);
  });

  it('counts concurrent wrong passwords before verifying them: at most five are tried', async () => {
    const person = await viewer();
    const from = remoteAddress();
    for (let i = 0; i < 3; i++) {
      const res = await changePassword(person.token, `Wrong-Guess-${i}`, NEW_PASSWORD, from);
      expect(res.statusCode).toBe(400);
    }
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        changePassword(person.token, `Wrong-Race-${i}`, NEW_PASSWORD, from),
      ),
      changePassword(person.token, PASSWORD, NEW_PASSWORD, from),
    ]);
    const right = results.at(-1);
    const codes = results.map((r) => r.json<{ code?: string }>().code ?? 'OK');
    if (right?.statusCode === 200) {
      // Legitimate only when the right one was among the five attempts allowed: then at most one
      // wrong one of the race was tried before it.
      expect(await attemptOfChange(person.id)).toBeLessThanOrEqual(5);
    } else {
      // Two of the five were left for the race: one wrong (400), one wrong that locks (429).
      expect(codes.filter((c) => c === 'WRONG_PASSWORD')).toHaveLength(1);
      expect(codes.filter((c) => c === 'ACCOUNT_LOCKED')).toHaveLength(6);
      const after = await changePassword(person.token, PASSWORD, NEW_PASSWORD, from);
      expect(after.json().code).toBe('ACCOUNT_LOCKED');
    }
  });

  it('refuses an account without a password (single sign-on only) with PASSWORD_NOT_SET', async () => {
    const admin = await createPerson(t, { superAdmin: true });
    await t.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', admin.id)
      .execute();
    const res = await changePassword(admin.token, 'Anything-1');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PASSWORD_NOT_SET');
  });

  it('shares the count with sign-in failures from the same address', async () => {
    const person = await viewer();
    const from = remoteAddress();
    for (let i = 0; i < 4; i++) {
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: `Wrong-${i}-A` },
        remoteAddress: from,
      });
    }
    const fifth = await changePassword(person.token, 'Wrong-Again-1', NEW_PASSWORD, from);
    expect(fifth.json().code).toBe('ACCOUNT_LOCKED');
  });

  it.each([
    ['Short1A', 'Must be at least 8 characters'],
    ['no-upper-case-1', 'Must contain an uppercase letter'],
    ['No-Digits-Here', 'Must contain a number'],
  ])('refuses the new password %s by the reset rules', async (newPassword, message) => {
    const person = await viewer();
    const res = await changePassword(person.token, PASSWORD, newPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.newPassword', message }],
    });
    // Nothing changed: the old password still signs in.
    await signIn(person.email);
  });

  it('ends every other session, keeps this one, mails a notice; the new password signs in', async () => {
    const person = await viewer();
    const here = await signIn(person.email, PASSWORD, 'here-browser');
    const other = await signIn(person.email, PASSWORD, 'other-browser');

    const res = await changePassword(here.token, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Password changed. Your other sessions have been signed out.',
    });

    // The other browser: its access token is refused at once, and its refresh cookie is dead.
    expect((await me(other.token)).statusCode).toBe(401);
    const refused = await refresh(other.refresh);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: 'PASSWORD_CHANGED',
      error: 'Your password was changed in another session. Please sign in with the new one.',
    });
    // The fixture's own session (another "device") ended too.
    expect((await me(person.token)).statusCode).toBe(401);
    // This browser stays signed in, and its refresh cookie still works.
    expect((await me(here.token)).statusCode).toBe(200);
    expect((await refresh(here.refresh)).statusCode).toBe(200);
    expect((await sessions(here.token)).map((s) => s.id)).toEqual([sidOf(here.token)]);

    const badOld = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
      remoteAddress: remoteAddress(),
    });
    expect(badOld.statusCode).toBe(401);
    await signIn(person.email, NEW_PASSWORD);

    expect(await auditActions(person.id)).toContain('account.password_change');
    const mail = await vi.waitFor(
      async () => {
        const mails = (await readOutbox(join(t.config.dataDir, 'outbox'))).filter(
          (m) => m.to === person.email,
        );
        expect(mails).toHaveLength(1);
        return mails[0];
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(mail?.subject).toBe('Your Canopy password was changed');
    expect(mail?.text).toContain('other session');
    expect(mail?.text).not.toContain(NEW_PASSWORD);
  });
});

describe('sessions', () => {
  it('lists only my live sessions, this one first and marked, with the browser', async () => {
    const person = await viewer();
    const stranger = await viewer();
    await signIn(stranger.email);
    const first = await signIn(person.email, PASSWORD, 'Browser-One');
    const second = await signIn(person.email, PASSWORD, 'Browser-Two');

    const list = await sessions(second.token);
    // The fixture's session, and the two sign-ins; never the stranger's.
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      id: sidOf(second.token),
      current: true,
      userAgent: 'Browser-Two',
    });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.id)).toContain(sidOf(first.token));
    const strangerIds = (await sessions(stranger.token)).map((s) => s.id);
    expect(list.map((s) => s.id).some((id) => strangerIds.includes(id))).toBe(false);
  });

  it('ends one of my sessions: its token and refresh cookie stop working, mine do not', async () => {
    const person = await viewer();
    const here = await signIn(person.email);
    const other = await signIn(person.email);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/account/sessions/${sidOf(other.token)}`,
      token: here.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await me(here.token)).statusCode).toBe(200);
    expect((await sessions(here.token)).map((s) => s.id)).not.toContain(sidOf(other.token));
    // Twice: the session is gone, so 404.
    const again = await t.request({
      method: 'DELETE',
      url: `/api/account/sessions/${sidOf(other.token)}`,
      token: here.token,
    });
    expect(again.json().code).toBe('SESSION_NOT_FOUND');
    expect(await auditActions(person.id)).toContain('account.session_end');
  });

  it("cannot end another person's session (404, and it stays live)", async () => {
    const person = await viewer();
    const victim = await createPerson(t, { superAdmin: true });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/account/sessions/${sidOf(victim.token)}`,
      token: person.token,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SESSION_NOT_FOUND');
    expect((await me(victim.token)).statusCode).toBe(200);
  });

  it('signs out everywhere: every session ends, this one included, and the cookie is cleared', async () => {
    const person = await viewer();
    const here = await signIn(person.email);
    const other = await signIn(person.email);
    const bystander = await viewer();
    const res = await t.request({
      method: 'DELETE',
      url: '/api/account/sessions',
      token: here.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'canopy_refresh')?.value).toBe('');
    for (const token of [here.token, other.token, person.token]) {
      expect((await me(token)).statusCode).toBe(401);
    }
    expect((await refresh(here.refresh)).statusCode).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await me(bystander.token)).statusCode).toBe(200);
    expect(await auditActions(person.id)).toContain('account.sign_out_everywhere');
  });
});
