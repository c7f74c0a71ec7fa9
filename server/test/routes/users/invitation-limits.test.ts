import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../../src/modules/mail/mailer.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, type Cast } from '../../support/fixtures.ts';

/** Invitations tell a tenant Admin nothing about other tenants, and are limited per sender. */
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build({
    env: { CANOPY_INVITATIONS_PER_HOUR: '4', CANOPY_BULK_INVITATIONS_PER_HOUR: '2' },
  });
  cast = await createCast(t);
});
afterAll(() => t.close());

let n = 0;
const email = (prefix = 'limits') => `${prefix}-${process.pid}-${++n}@example.com`;
const mailsTo = async (to: string) =>
  (await readOutbox(join(t.config.dataDir, 'outbox'))).filter((m) => m.to === to);
const invite = (token: string, tenantId: string, address: string) =>
  t.request({
    method: 'POST',
    url: '/api/users',
    token,
    payload: { email: address, tenantId, role: 'Viewer' },
  });
const bulk = (token: string, tenantId: string, emails: string[]) =>
  t.request({
    method: 'POST',
    url: '/api/users/invitations',
    token,
    payload: { emails, tenantId },
  });

/** A fresh Admin of tenant A, so each test has its own hourly allowance. */
const adminA = () => createPerson(t, { tenantId: cast.tenantA.id, role: 'Admin' });

describe('no cross-tenant account enumeration', () => {
  it('answers an address of another tenant like a new one, and mails it a note instead', async () => {
    const admin = await adminA();
    const fresh = await invite(admin.token, cast.tenantA.id, email());
    const taken = await invite(admin.token, cast.tenantA.id, cast.viewerB.email.toUpperCase());
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json()).toMatchObject({
      email: cast.viewerB.email,
      tenantId: cast.tenantA.id,
      status: 'invited',
      roles: [{ name: 'Viewer' }],
    });
    // Nobody was created or moved; the holder got a note with no link.
    const holder = await t.database.db
      .selectFrom('users')
      .select('tenant_id')
      .where('email', '=', cast.viewerB.email)
      .execute();
    expect(holder).toEqual([{ tenant_id: cast.tenantB.id }]);
    const [note] = await mailsTo(cast.viewerB.email);
    expect(note?.subject).toBe('An invitation to Canopy could not be used');
    expect(note?.text).not.toContain('reset-password');
  });

  it('still says EMAIL_TAKEN for the own tenant, and to super administrators for any', async () => {
    const admin = await adminA();
    const own = await invite(admin.token, cast.tenantA.id, cast.viewerA.email);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('EMAIL_TAKEN');
    const superAdmin = await invite(cast.superAdmin.token, cast.tenantA.id, cast.viewerB.email);
    expect(superAdmin.json().code).toBe('EMAIL_TAKEN');
  });

  it('reports `exists` in bulk only for addresses of the own tenant', async () => {
    const admin = await adminA();
    const fresh = email();
    const res = await bulk(admin.token, cast.tenantA.id, [
      fresh,
      cast.viewerA.email,
      cast.viewerB.email,
      cast.superAdmin.email,
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { email: fresh, outcome: 'created' },
      { email: cast.viewerA.email, outcome: 'exists' },
      { email: cast.viewerB.email, outcome: 'created' },
      { email: cast.superAdmin.email, outcome: 'created' },
    ]);
  });
});

describe('rate limits per sender', () => {
  it('limits invitations and resends per person per hour, not per address', async () => {
    const admin = await adminA();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await invite(admin.token, cast.tenantA.id, email());
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    const resend = () =>
      t.request({ method: 'POST', url: `/api/users/invitations/${ids[0]}`, token: admin.token });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await resend()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await resend();
    expect(limited.json()).toEqual({
      error: 'Too many requests. Try again later.',
      code: 'RATE_LIMITED',
    });
    // Another Admin (same client address) is not held back.
    const other = await adminA();
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/users/invitations/${ids[1]}`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('limits bulk invitation requests per person per hour', async () => {
    const admin = await adminA();
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await bulk(admin.token, cast.tenantA.id, [email()])).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
