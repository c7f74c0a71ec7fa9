import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { fromFreshAddresses } from '../../support/fresh-addresses.ts';
import { createPerson, createTenant, PASSWORD, type TestPerson } from '../../support/fixtures.ts';
import { appCode, enrolTotp, storedPasskey } from '../../support/mfa.ts';

/**
 * The second step of sign-in: a person with a factor gets a ticket instead of a session, and
 * trades it with a code from their app, a recovery code or a passkey. Passkey sign-in as a whole
 * is in routes/account/mfa-passkeys.test.ts; this file has its refusals.
 */
let t: TestApp;
let tenantId: string;
beforeAll(async () => {
  t = await build();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t.close());

const send = fromFreshAddresses(() => t, 7);

const login = (person: { email: string }, remember = false, password = PASSWORD) =>
  send({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password, remember },
  });

interface Challenge {
  step: 'second-factor';
  ticket: string;
  expiresAt: string;
  methods: string[];
}
async function challengeFor(person: { email: string }, remember = false): Promise<Challenge> {
  const res = await login(person, remember);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<Challenge>();
  expect(body.step).toBe('second-factor');
  return body;
}

const verify = (payload: object) => send({ method: 'POST', url: '/api/auth/mfa/verify', payload });

const refreshCookie = (res: { cookies: { name: string; maxAge?: number }[] }) =>
  res.cookies.find((cookie) => cookie.name === 'canopy_refresh');

async function personWithApp(): Promise<TestPerson & { secret: string; recoveryCodes: string[] }> {
  const person = await createPerson(t, { tenantId, role: 'Viewer' });
  return { ...person, ...(await enrolTotp(t, person.token)) };
}

const auditOf = (userId: string) =>
  t.database.db
    .selectFrom('audit_events')
    .select(['action', 'details'])
    .where('actor_id', '=', userId)
    .orderBy('id')
    .execute();

describe('the second step of sign-in', () => {
  it('answers a ticket instead of a session, then a session for a code from the app', async () => {
    const person = await personWithApp();
    const res = await login(person, true);
    expect(res.statusCode).toBe(200);
    const challenge = res.json<Challenge>();
    expect(challenge).toMatchObject({ step: 'second-factor', methods: ['totp', 'recovery-code'] });
    expect(challenge).not.toHaveProperty('token');
    expect(refreshCookie(res)).toBeUndefined();
    const expiresIn = Date.parse(challenge.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);

    const done = await verify({
      ticket: challenge.ticket,
      method: 'totp',
      code: appCode(person.secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json<{ id: string; token: string; mfaEnrolmentRequired: boolean }>();
    expect(body).toMatchObject({ id: person.id, mfaEnrolmentRequired: false });
    expect(body).not.toHaveProperty('recoveryCodesLeft');
    // "Remember me" given with the password holds for the session the second step starts.
    expect(refreshCookie(done)?.maxAge).toBeGreaterThan(0);
    const account = await send({ method: 'GET', url: '/api/account', token: body.token });
    expect(account.statusCode).toBe(200);
    const actions = (await auditOf(person.id)).map((row) => row.action);
    expect(actions.at(-1)).toBe('auth.login');
  });

  it('refuses a code that was already used, even within its 30 seconds', async () => {
    const person = await personWithApp();
    const code = appCode(person.secret);
    const first = await verify({
      ticket: (await challengeFor(person)).ticket,
      method: 'totp',
      code,
    });
    expect(first.statusCode).toBe(200);
    const again = await verify({
      ticket: (await challengeFor(person)).ticket,
      method: 'totp',
      code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'That code is not correct. Try again.',
      code: 'MFA_CODE_INVALID',
    });
    // The code of the step one further still works: only used and older steps are refused.
    const next = await verify({
      ticket: (await challengeFor(person)).ticket,
      method: 'totp',
      code: appCode(person.secret, 1),
    });
    expect(next.statusCode).toBe(200);
  });

  it('takes a recovery code once, says how many are left, and audits it', async () => {
    const person = await personWithApp();
    const [code] = person.recoveryCodes;
    expect(person.recoveryCodes).toHaveLength(10);
    expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Typed in capitals without the dash, it is the same code.
    const typed = code!.replace('-', ' ').toUpperCase();
    const used = await verify({
      ticket: (await challengeFor(person)).ticket,
      method: 'recovery-code',
      code: typed,
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ recoveryCodesLeft: 9 });
    const audit = await auditOf(person.id);
    expect(audit.map((row) => row.action).slice(-2)).toEqual([
      'auth.recovery_code_used',
      'auth.login',
    ]);

    const again = await verify({
      ticket: (await challengeFor(person)).ticket,
      method: 'recovery-code',
      code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ code: string }>().code).toBe('MFA_CODE_INVALID');
  });

  it('locks the account at the fifth wrong code and ends the ticket', async () => {
    const person = await personWithApp();
    const { ticket } = await challengeFor(person);
    // One client guessing: the per-address limit is the one that locks.
    const from = { remoteAddress: '10.99.0.1' };
    const verify = (payload: object) =>
      t.request({ method: 'POST', url: '/api/auth/mfa/verify', payload, ...from });
    const wrong = appCode(person.secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await verify({ ticket, method: 'totp', code: wrong });
      expect(res.statusCode).toBe(400);
    }
    const fifth = await verify({ ticket, method: 'totp', code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json<{ code: string }>().code).toBe('ACCOUNT_LOCKED');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);

    const right = await verify({ ticket, method: 'totp', code: appCode(person.secret) });
    expect(right.statusCode).toBe(401);
    expect(right.json<{ code: string }>().code).toBe('MFA_TICKET_INVALID');
    const password = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
      ...from,
    });
    expect(password.statusCode).toBe(429);
    const actions = (await auditOf(person.id)).map((row) => row.action);
    expect(actions.filter((action) => action === 'auth.mfa_failed')).toHaveLength(4);
    expect(actions).toContain('auth.locked');
  });

  it('takes a ticket once, and never after it expires', async () => {
    const person = await personWithApp();
    const { ticket } = await challengeFor(person);
    const first = await verify({ ticket, method: 'totp', code: appCode(person.secret) });
    expect(first.statusCode).toBe(200);
    const replay = await verify({ ticket, method: 'totp', code: appCode(person.secret, 1) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      error: 'This sign-in attempt has expired. Sign in with your password again.',
      code: 'MFA_TICKET_INVALID',
    });

    const late = await challengeFor(person);
    await t.database.db
      .updateTable('mfa_sign_in_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', person.id)
      .execute();
    const expired = await verify({
      ticket: late.ticket,
      method: 'totp',
      code: appCode(person.secret, 1),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ code: string }>().code).toBe('MFA_TICKET_INVALID');

    const unknown = await verify({ ticket: 'x'.repeat(43), method: 'totp', code: '123456' });
    expect(unknown.statusCode).toBe(401);
  });

  it('refuses a method the person does not have, and malformed codes', async () => {
    const person = await personWithApp();
    const { ticket } = await challengeFor(person);
    const passkey = await send({
      method: 'POST',
      url: '/api/auth/mfa/passkey-options',
      payload: { ticket },
    });
    expect(passkey.statusCode).toBe(400);
    expect(passkey.json<{ code: string }>().code).toBe('MFA_METHOD_UNAVAILABLE');
    const shape = await verify({ ticket, method: 'totp', code: '12345' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'body.code', message: 'Enter the 6-digit code from your authenticator app' },
      ],
    });
    // None of that was a guess at the code: the ticket still works.
    const right = await verify({ ticket, method: 'totp', code: appCode(person.secret) });
    expect(right.statusCode).toBe(200);
  });

  it('signs a person without a factor in as before', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const res = await login(person);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: person.id, mfaEnrolmentRequired: false });
    expect(refreshCookie(res)).toBeDefined();
  });
});

describe('passkey refusals at the second step', () => {
  it('needs a live ticket for the options, and the options before an answer', async () => {
    const unknown = await send({
      method: 'POST',
      url: '/api/auth/mfa/passkey-options',
      payload: { ticket: 'not-a-ticket' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json<{ code: string }>().code).toBe('MFA_TICKET_INVALID');

    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    await storedPasskey(t, person.id);
    const challenge = await challengeFor(person);
    expect(challenge.methods).toEqual(['passkey']);
    const assertion = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
      clientExtensionResults: {},
    };
    const early = await verify({
      ticket: challenge.ticket,
      method: 'passkey',
      credential: assertion,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json<{ code: string }>().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    const options = await send({
      method: 'POST',
      url: '/api/auth/mfa/passkey-options',
      payload: { ticket: challenge.ticket },
    });
    expect(options.statusCode).toBe(200);
    const { options: requestOptions } = options.json<{
      options: { challenge: string; rpId: string; allowCredentials: { id: string }[] };
    }>();
    expect(requestOptions.rpId).toBe(new URL(t.config.publicUrl).hostname);
    expect(requestOptions.allowCredentials).toHaveLength(1);

    // Another person's passkey (or a made-up one) is refused and counts as a failure.
    const other = await createPerson(t, { tenantId, role: 'Viewer' });
    await storedPasskey(t, other.id);
    const foreign = await verify({
      ticket: challenge.ticket,
      method: 'passkey',
      credential: assertion,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ code: string }>().code).toBe('PASSKEY_REJECTED');
    // The challenge went with that attempt: the same answer again needs new options.
    const replay = await verify({
      ticket: challenge.ticket,
      method: 'passkey',
      credential: assertion,
    });
    expect(replay.json<{ code: string }>().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    const failures = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', person.id)
      .where('action', '=', 'auth.mfa_failed')
      .execute();
    expect(failures).toHaveLength(1);
  });
});
