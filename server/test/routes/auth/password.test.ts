import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issuePasswordLink } from '../../../src/modules/auth/password-links.service.ts';
import { readOutbox, type OutboxMail } from '../../../src/modules/mail/mailer.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, PASSWORD } from '../../support/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const NEUTRAL = { message: 'If an account with that email exists, a reset link has been sent' };
const NEW_PASSWORD = 'Brand-New-Secret-7';

// Each call from its own address: the per-address auth limit is tested in rate-limit.test.ts.
let address = 0;
const remoteAddress = () => `10.2.${Math.floor(++address / 250)}.${address % 250}`;

const forgot = (email: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers,
    remoteAddress: remoteAddress(),
  });
const reset = (token: string, newPassword = NEW_PASSWORD) =>
  t.request({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
    remoteAddress: remoteAddress(),
  });
const login = (email: string, password: string, from = remoteAddress()) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from,
  });

const outbox = () => readOutbox(join(t.config.dataDir, 'outbox'));
const mailsTo = async (email: string) => (await outbox()).filter((m) => m.to === email);

/** The mail is sent after the answer: wait until `count` mails to `email` are in the outbox. */
const waitForMails = (email: string, count: number) =>
  vi.waitFor(
    async () => {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 10_000, interval: 25 },
  );

const LINK = /(\S+\/reset-password\?token=)([\w%-]+)/;
function linkOf(mail: OutboxMail | undefined) {
  const match = LINK.exec(mail?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error('no link in the mail');
  return { prefix: match[1], token: decodeURIComponent(match[2]) };
}

async function auditActions(userId: string) {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select(['action', 'details'])
    .where('actor_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows;
}

describe('POST /api/auth/forgot-password', () => {
  it('answers unknown and known addresses alike, and mails only the known one', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const unknownEmail = 'nobody-here@example.com';

    const unknown = await forgot(unknownEmail);
    // The unknown address is looked up after the answer; wait for that lookup's audit record.
    await vi.waitFor(
      async () => {
        const rows = await t.database.db
          .selectFrom('audit_events')
          .select('details')
          .where('action', '=', 'auth.password_reset_requested')
          .where('actor_id', 'is', null)
          .execute();
        expect(JSON.stringify(rows)).toContain(unknownEmail);
      },
      { timeout: 10_000, interval: 25 },
    );
    const known = await forgot(person.email.toUpperCase());

    for (const res of [unknown, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(NEUTRAL);
    }
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    const [mail] = await waitForMails(person.email, 1);
    expect(await mailsTo(unknownEmail)).toEqual([]);
    expect(mail?.subject).toBe('Reset your Canopy password');
    // The link is built from CANOPY_PUBLIC_URL and the token is stored only as a hash.
    const { prefix, token } = linkOf(mail);
    expect(prefix).toBe('http://portal.test/reset-password?token=');
    const stored = await t.database.db
      .selectFrom('password_tokens')
      .selectAll()
      .where('user_id', '=', person.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.purpose).toBe('reset');
    const minutes = ((stored[0]?.expires_at.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('builds the link from the configuration, never from the Host or forwarded headers', async () => {
    const person = await createPerson(t, { superAdmin: true });
    await forgot(person.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    const [mail] = await waitForMails(person.email, 1);
    expect(mail?.text).not.toContain('evil.example');
    expect(linkOf(mail).prefix).toBe('http://portal.test/reset-password?token=');
  });

  it('answers before the mail is sent: a stuck mail server does not hold the answer', async () => {
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const slow = await build({
      mailer: {
        send: async (mail) => {
          await stuck;
          sent.push(mail.to);
        },
      },
    });
    try {
      const person = await createPerson(slow, { superAdmin: true });
      const res = await slow.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: person.email },
      });
      expect(res.json()).toEqual(NEUTRAL);
      expect(sent).toEqual([]);
      release();
      await vi.waitFor(() => expect(sent).toEqual([person.email]), { timeout: 10_000 });
    } finally {
      release();
      await slow.close();
    }
  });

  it('a new link replaces the older one, and at most 3 are mailed per hour', async () => {
    const person = await createPerson(t, { superAdmin: true });
    await forgot(person.email);
    const [first] = await waitForMails(person.email, 1);
    await forgot(person.email);
    const [, second] = await waitForMails(person.email, 2);
    expect((await reset(linkOf(first).token)).statusCode).toBe(400);

    await forgot(person.email);
    await waitForMails(person.email, 3);
    await forgot(person.email);
    await vi.waitFor(
      async () => {
        const events = await auditActions(person.id);
        expect(JSON.stringify(events)).toContain('too many requests');
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(await mailsTo(person.email)).toHaveLength(3);
    // The third link, not the second, is the live one now.
    expect((await reset(linkOf(second).token)).statusCode).toBe(400);
  });

  it('requires a valid email', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'body.email' }) as unknown]);
  });
});

describe('POST /api/auth/reset-password', () => {
  async function resetLink(email: string) {
    const before = (await mailsTo(email)).length;
    await forgot(email);
    const mails = await waitForMails(email, before + 1);
    return linkOf(mails.at(-1)).token;
  }

  it('sets the password, works once, ends every session and clears the lockout', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    // Locked out by a guesser before asking for the link.
    const from = remoteAddress();
    for (let i = 0; i < 5; i++) await login(person.email, 'Wrong-Guess-1', from);
    expect((await login(person.email, PASSWORD, from)).statusCode).toBe(429);
    const token = await resetLink(person.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successfully! You can now log in.' });

    // The fixture's session (and any other) is over.
    const live = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', person.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect((await login(person.email, PASSWORD, from)).statusCode).toBe(401);
    expect((await login(person.email, NEW_PASSWORD, from)).statusCode).toBe(200);

    const again = await reset(token, 'Another-Secret-8');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'This link is invalid or has expired',
      code: 'INVALID_RESET_TOKEN',
    });
    const stored = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect((await auditActions(person.id)).map((e) => e.action)).toContain('auth.password_reset');

    // The owner is told, without any link in the notice.
    const notice = await vi.waitFor(
      async () => {
        const found = (await mailsTo(person.email)).find(
          (m) => m.subject === 'Your Canopy password was changed',
        );
        expect(found).toBeDefined();
        return found;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(notice?.text).not.toContain('token=');
  });

  it('refuses an expired link', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const token = await resetLink(person.email);
    await t.database.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', person.id)
      .execute();
    expect((await reset(token)).statusCode).toBe(400);
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const res = await reset('a'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('enforces length, uppercase and digit server-side, with messages; the link stays usable', async () => {
    const person = await createPerson(t, { superAdmin: true });
    const token = await resetLink(person.email);
    const cases: Array<[string, string]> = [
      ['Short-1', 'Must be at least 8 characters'],
      ['lowercase-only-1', 'Must contain an uppercase letter'],
      ['No-Digits-Here', 'Must contain a number'],
    ];
    for (const [password, message] of cases) {
      const res = await reset(token, password);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toContainEqual({ path: 'body.newPassword', message });
    }
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('activates an invited account: the invitation link sets its first password', async () => {
    const tenant = await createTenant(t);
    const invited = await t.database.db
      .insertInto('users')
      .values({ email: 'invited-person@example.com', tenant_id: tenant.id, password_hash: null })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('user_roles')
      .values({ user_id: invited.id, role: 'Viewer' })
      .execute();
    await issuePasswordLink(
      { db: t.database.db, mailer: t.app.mailer, publicUrl: t.config.publicUrl },
      invited,
      'invite',
    );
    const [mail] = await mailsTo(invited.email);
    expect(mail?.subject).toBe('You have been invited to Canopy');
    expect(mail?.text).toContain('invited');
    const { prefix, token } = linkOf(mail);
    expect(prefix).toBe('http://portal.test/reset-password?token=');
    const row = await t.database.db
      .selectFrom('password_tokens')
      .select(['purpose', 'expires_at'])
      .where('user_id', '=', invited.id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('invite');
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    // No password yet: sign-in fails like any wrong password.
    expect((await login(invited.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await reset(token)).statusCode).toBe(200);
    expect((await login(invited.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(400);
    expect((await auditActions(invited.id)).map((e) => e.action)).toContain(
      'auth.invitation_accepted',
    );
    // A new account gets no "password changed" notice.
    expect((await mailsTo(invited.email)).map((m) => m.subject)).toEqual([
      'You have been invited to Canopy',
    ]);
  });
});
