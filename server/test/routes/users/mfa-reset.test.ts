import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../../src/modules/mail/mailer.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, PASSWORD, type Cast } from '../../support/fixtures.ts';
import { enrolTotp, storedPasskey } from '../../support/mfa.ts';

/** An administrator resets a person's second factors: scoped, audited, mailed, signed out. */
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
});
afterAll(() => t.close());

const reset = (userId: string, token: string) =>
  t.request({ method: 'DELETE', url: `/api/users/mfa/${userId}`, token });
const factorRows = async (userId: string) => {
  const [totp, passkeys, codes] = await Promise.all(
    (['mfa_totp', 'mfa_passkeys', 'mfa_recovery_codes'] as const).map((table) =>
      t.database.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute(),
    ),
  );
  return { totp: totp!.length, passkeys: passkeys!.length, codes: codes!.length };
};

describe('DELETE /api/users/mfa/{id}', () => {
  it("removes an own tenant person's factors, ends their sessions, audits and mails", async () => {
    const person = await createPerson(t, { tenantId: cast.tenantA.id, role: 'Viewer' });
    await enrolTotp(t, person.token);
    await storedPasskey(t, person.id);
    expect(await factorRows(person.id)).toEqual({ totp: 1, passkeys: 1, codes: 10 });

    const res = await reset(person.id, cast.adminA.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await factorRows(person.id)).toEqual({ totp: 0, passkeys: 0, codes: 0 });
    const old = await t.request({ method: 'GET', url: '/api/account', token: person.token });
    expect(old.statusCode).toBe(401);

    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'tenant_id', 'target', 'details'])
      .where('target', '=', `user:${person.id}`)
      .where('action', '=', 'user.mfa_reset')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: cast.adminA.id, tenant_id: cast.tenantA.id });
    expect(audit.details).toMatchObject({ totp: true, passkeys: 1, recoveryCodes: 10 });
    await vi.waitFor(
      async () => {
        const mails = await readOutbox(join(t.config.dataDir, 'outbox'));
        expect(mails.find((mail) => mail.to === person.email)?.subject).toBe(
          'Your Canopy two-step verification was reset',
        );
      },
      { timeout: 10_000, interval: 25 },
    );
    // The password alone signs them in again, to set a factor up anew.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
    });
    expect(login.json()).toHaveProperty('token');
  });

  it("is refused for another tenant's person, a Viewer, and oneself", async () => {
    const person = await createPerson(t, { tenantId: cast.tenantA.id, role: 'Viewer' });
    await storedPasskey(t, person.id);
    const foreign = await reset(person.id, cast.adminB.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    expect((await reset(person.id, cast.viewerA.token)).statusCode).toBe(403);
    const self = await reset(cast.adminA.id, cast.adminA.token);
    expect(self.statusCode).toBe(409);
    expect(self.json<{ code: string }>().code).toBe('CANNOT_CHANGE_SELF');
    // A tenant Admin cannot reach a super administrator either.
    expect((await reset(cast.superAdmin.id, cast.adminA.token)).statusCode).toBe(404);
    expect(await factorRows(person.id)).toMatchObject({ passkeys: 1 });
  });

  it('lets a super administrator reset anyone, another super administrator included', async () => {
    const other = await createPerson(t, { superAdmin: true });
    await storedPasskey(t, other.id);
    const res = await reset(other.id, cast.superAdmin.token);
    expect(res.statusCode).toBe(200);
    expect(await factorRows(other.id)).toEqual({ totp: 0, passkeys: 0, codes: 0 });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['tenant_id'])
      .where('target', '=', `user:${other.id}`)
      .where('action', '=', 'user.mfa_reset')
      .executeTakeFirstOrThrow();
    expect(audit.tenant_id).toBeNull();
  });
});
