import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { fromFreshAddresses } from '../../support/fresh-addresses.ts';
import { createPerson, createTenant, PASSWORD } from '../../support/fixtures.ts';
import { appCode, enrolTotp } from '../../support/mfa.ts';

/** My account: the authenticator app and recovery codes of the signed-in person. */
let t: TestApp;
let tenantId: string;
beforeAll(async () => {
  t = await build();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t.close());

const send = fromFreshAddresses(() => t, 5);
const post = (url: string, token: string, payload?: object) =>
  send({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
const codeOf = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;

describe('the authenticator app', () => {
  it('is set up in two steps, with the secret encrypted at rest', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const status = await send({ method: 'GET', url: '/api/account/mfa', token: person.token });
    expect(status.json()).toEqual({
      required: false,
      enrolmentRequired: false,
      totp: { enabled: false, enabledAt: null },
      passkeys: [],
      recoveryCodes: { remaining: 0 },
    });

    const notStarted = await post('/api/account/mfa/totp/confirm', person.token, {
      code: '123456',
    });
    expect(notStarted.statusCode).toBe(409);
    expect(codeOf(notStarted)).toBe('MFA_ENROLMENT_NOT_STARTED');

    const started = await post('/api/account/mfa/totp', person.token);
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri } = started.json<{ secret: string; otpauthUri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Canopy:${encodeURIComponent(person.email)}?secret=${secret}&issuer=Canopy&algorithm=SHA1&digits=6&period=30`,
    );
    const row = await t.database.db
      .selectFrom('mfa_totp')
      .select(['secret_encrypted', 'confirmed_at'])
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).toMatch(/^v1\./);
    expect(row.secret_encrypted).not.toContain(secret);
    expect(row.confirmed_at).toBeNull();

    // Not a factor until confirmed: sign-in is still one step.
    const login = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
    });
    expect(login.json()).toHaveProperty('token');

    const wrong = await post('/api/account/mfa/totp/confirm', person.token, {
      code: appCode(secret, 5),
    });
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('MFA_CODE_INVALID');

    const confirmed = await post('/api/account/mfa/totp/confirm', person.token, {
      code: appCode(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Only hashes of the codes are kept.
    const stored = await t.database.db
      .selectFrom('mfa_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', person.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));
    }

    const again = await post('/api/account/mfa/totp', person.token);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('MFA_TOTP_ALREADY_ENABLED');
    const after = await send({ method: 'GET', url: '/api/account/mfa', token: person.token });
    expect(after.json()).toMatchObject({
      totp: { enabled: true, enabledAt: expect.any(String) },
      recoveryCodes: { remaining: 10 },
    });
  });

  it('is removed only after re-authentication, which counts towards the lockout', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { secret } = await enrolTotp(t, person.token);
    const remove = (payload: object) => post('/api/account/mfa/totp/remove', person.token, payload);

    const both = await remove({ password: PASSWORD, code: appCode(secret) });
    expect(both.statusCode).toBe(400);
    expect(codeOf(both)).toBe('VALIDATION_FAILED');
    const wrongCode = await remove({ code: appCode(secret) === '000000' ? '111111' : '000000' });
    expect(codeOf(wrongCode)).toBe('MFA_CODE_INVALID');
    const wrongPassword = await remove({ password: 'Wrong-Password-1' });
    expect(codeOf(wrongPassword)).toBe('WRONG_PASSWORD');
    const failures = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', person.id)
      .where('action', '=', 'account.reauth_failed')
      .execute();
    expect(failures).toHaveLength(2);

    const removed = await remove({ code: appCode(secret) });
    expect(removed.statusCode, removed.body).toBe(200);
    const status = await send({ method: 'GET', url: '/api/account/mfa', token: person.token });
    expect(status.json()).toMatchObject({
      totp: { enabled: false },
      recoveryCodes: { remaining: 0 },
    });
    expect(codeOf(await remove({ password: PASSWORD }))).toBe('MFA_NOT_ENABLED');
  });

  it('locks the account after five wrong re-authentications', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    await enrolTotp(t, person.token);
    // One client guessing: the per-address limit is the one that locks.
    const post = (url: string, token: string, payload: object) =>
      t.request({ method: 'POST', url, token, payload, remoteAddress: '10.99.0.2' });
    let last = { statusCode: 0 };
    for (let i = 0; i < 5; i++) {
      last = await post('/api/account/mfa/recovery-codes', person.token, {
        password: 'Wrong-Password-1',
      });
    }
    expect(last.statusCode).toBe(429);
    const right = await post('/api/account/mfa/recovery-codes', person.token, {
      password: PASSWORD,
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('recovery codes', () => {
  it('are made anew with re-authentication, and the old ones stop working', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const none = await post('/api/account/mfa/recovery-codes', person.token, {
      password: PASSWORD,
    });
    expect(none.statusCode).toBe(409);
    expect(codeOf(none)).toBe('MFA_NOT_ENABLED');

    const { recoveryCodes: old } = await enrolTotp(t, person.token);
    // A recovery code is a proof too (and is spent by it).
    const renewed = await post('/api/account/mfa/recovery-codes', person.token, {
      code: old[0],
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);

    const { ticket } = (
      await send({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: PASSWORD },
      })
    ).json<{ ticket: string }>();
    const verify = (code: string) =>
      send({
        method: 'POST',
        url: '/api/auth/mfa/verify',
        payload: { ticket, method: 'recovery-code', code },
      });
    expect(codeOf(await verify(old[1]!))).toBe('MFA_CODE_INVALID');
    const ok = await verify(fresh[0]!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ recoveryCodesLeft: 9 });
  });
});
