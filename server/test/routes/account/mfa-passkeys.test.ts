import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { fromFreshAddresses } from '../../support/fresh-addresses.ts';
import { createPerson, createTenant, PASSWORD, type TestPerson } from '../../support/fixtures.ts';
import { SoftAuthenticator } from '../../support/soft-authenticator.ts';

/**
 * Passkeys end to end on the server: added on My account, used at the second step of sign-in,
 * renamed and removed — with a software authenticator answering as a browser would.
 */
let t: TestApp;
let tenantId: string;
beforeAll(async () => {
  t = await build();
  tenantId = (await createTenant(t)).id;
});
afterAll(() => t.close());

const send = fromFreshAddresses(() => t, 6);

interface CreationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { name: string; id: string };
  excludeCredentials: { id: string }[];
}
async function creationOptions(token: string): Promise<CreationOptions> {
  const res = await send({ method: 'POST', url: '/api/account/mfa/passkeys/options', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ options: CreationOptions }>().options;
}

async function addPasskey(person: TestPerson, name = 'Laptop') {
  const authenticator = new SoftAuthenticator(new URL(t.config.publicUrl).origin);
  const options = await creationOptions(person.token);
  const res = await send({
    method: 'POST',
    url: '/api/account/mfa/passkeys',
    token: person.token,
    payload: { name, credential: authenticator.register(options) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    authenticator,
    ...res.json<{ passkey: { id: string; name: string }; recoveryCodes: string[] | null }>(),
  };
}

const login = (person: { email: string }) =>
  send({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: PASSWORD },
  });

/** Password, then the passkey: the verify answer. */
async function signInWithPasskey(person: { email: string }, authenticator: SoftAuthenticator) {
  const { ticket, methods } = (await login(person)).json<{ ticket: string; methods: string[] }>();
  expect(methods).toContain('passkey');
  const res = await send({
    method: 'POST',
    url: '/api/auth/mfa/passkey-options',
    payload: { ticket },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { options } = res.json<{ options: { challenge: string; rpId: string } }>();
  return send({
    method: 'POST',
    url: '/api/auth/mfa/verify',
    payload: { ticket, method: 'passkey', credential: authenticator.assert(options) },
  });
}

/** Failed guesses recorded for the person (second step or re-authentication). */
const failedLogins = async (userId: string) =>
  (
    await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', userId)
      .where('action', 'in', ['auth.mfa_failed', 'account.reauth_failed'])
      .execute()
  ).length;

describe('passkeys', () => {
  it('are added with options naming this portal, the first with recovery codes', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const options = await creationOptions(person.token);
    expect(options.rp).toEqual({ id: new URL(t.config.publicUrl).hostname, name: 'Canopy' });
    expect(options.user.name).toBe(person.email);

    const first = await addPasskey(person, 'Laptop');
    expect(first.recoveryCodes).toHaveLength(10);
    expect(first.passkey).toMatchObject({
      name: 'Laptop',
      transports: ['internal'],
      backedUp: false,
      lastUsedAt: null,
    });
    const second = await addPasskey(person, 'Phone');
    expect(second.recoveryCodes).toBeNull();
    // The browser is told not to make a second passkey on an authenticator that has one.
    const next = await creationOptions(person.token);
    expect(next.excludeCredentials.map((c) => c.id).sort()).toEqual(
      [first.authenticator.id, second.authenticator.id].sort(),
    );

    const status = await send({ method: 'GET', url: '/api/account/mfa', token: person.token });
    expect(status.json()).toMatchObject({
      totp: { enabled: false },
      passkeys: [{ name: 'Laptop' }, { name: 'Phone' }],
      recoveryCodes: { remaining: 10 },
    });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', person.id)
      .execute();
    expect(audit.filter((row) => row.action === 'account.mfa_passkey_added')).toHaveLength(2);
  });

  it('sign a person in at the second step, and remember the use', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { authenticator, passkey } = await addPasskey(person);
    const res = await signInWithPasskey(person, authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: person.id, token: expect.any(String) });
    const stored = await t.database.db
      .selectFrom('mfa_passkeys')
      .select(['counter', 'last_used_at'])
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);
    expect(stored.last_used_at).toBeInstanceOf(Date);
    // Again: the counter moves on.
    expect((await signInWithPasskey(person, authenticator)).statusCode).toBe(200);
  });

  it("refuse another person's passkey and a cloned one, counting the failure", async () => {
    const owner = await createPerson(t, { tenantId, role: 'Viewer' });
    const { authenticator } = await addPasskey(owner);
    const other = await createPerson(t, { tenantId, role: 'Viewer' });
    await addPasskey(other);
    const foreign = await signInWithPasskey(other, authenticator);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ code: string }>().code).toBe('PASSKEY_REJECTED');
    expect(await failedLogins(other.id)).toBe(1);

    expect((await signInWithPasskey(owner, authenticator)).statusCode).toBe(200);
    authenticator.rewind(1);
    const cloned = await signInWithPasskey(owner, authenticator);
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json<{ code: string }>().code).toBe('PASSKEY_REJECTED');
  });

  it('refuse an answer without fresh options, for another origin, or registered twice', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const authenticator = new SoftAuthenticator(new URL(t.config.publicUrl).origin);
    const register = (credential: object) =>
      send({
        method: 'POST',
        url: '/api/account/mfa/passkeys',
        token: person.token,
        payload: { name: 'Key', credential },
      });
    const stale = authenticator.register({ challenge: 'bm90LWlzc3VlZA', rp: {} });
    const none = await register(stale);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ code: string }>().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    const options = await creationOptions(person.token);
    await t.database.db
      .updateTable('mfa_passkey_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', person.id)
      .execute();
    const expired = await register(authenticator.register(options));
    expect(expired.json<{ code: string }>().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    const elsewhere = new SoftAuthenticator('https://evil.example');
    const wrongOrigin = await register(elsewhere.register(await creationOptions(person.token)));
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json<{ code: string }>().code).toBe('PASSKEY_REJECTED');

    const fresh = await creationOptions(person.token);
    expect((await register(authenticator.register(fresh))).statusCode).toBe(201);
    // The challenge went with its use: the same answer again finds none.
    const replay = await register(authenticator.register(fresh));
    expect(replay.json<{ code: string }>().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    const twice = await register(authenticator.register(await creationOptions(person.token)));
    expect(twice.json<{ code: string }>().code).toBe('PASSKEY_REJECTED');
  });

  it('are renamed, and removed with the password; the last one takes the codes along', async () => {
    const person = await createPerson(t, { tenantId, role: 'Viewer' });
    const { passkey } = await addPasskey(person);
    const renamed = await send({
      method: 'PATCH',
      url: `/api/account/mfa/passkeys/${passkey.id}`,
      token: person.token,
      payload: { name: '  Work laptop ' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Work laptop' });

    const remove = (payload: object, id = passkey.id) =>
      send({
        method: 'POST',
        url: `/api/account/mfa/passkeys/${id}/remove`,
        token: person.token,
        payload,
      });
    const wrong = await remove({ password: 'Wrong-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ code: string }>().code).toBe('WRONG_PASSWORD');
    expect(await failedLogins(person.id)).toBe(1);
    const neither = await remove({});
    expect(neither.statusCode).toBe(400);
    expect(neither.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    const unknown = await remove({ password: PASSWORD }, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ code: string }>().code).toBe('PASSKEY_NOT_FOUND');

    expect((await remove({ password: PASSWORD })).statusCode).toBe(200);
    const status = await send({ method: 'GET', url: '/api/account/mfa', token: person.token });
    expect(status.json()).toMatchObject({ passkeys: [], recoveryCodes: { remaining: 0 } });
    const codes = await t.database.db
      .selectFrom('mfa_recovery_codes')
      .select('id')
      .where('user_id', '=', person.id)
      .execute();
    expect(codes).toEqual([]);
    // Without a factor, sign-in is one step again.
    expect((await login(person)).json()).toHaveProperty('token');
  });
});
