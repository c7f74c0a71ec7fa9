import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../../src/modules/audit/audit.service.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, type Cast } from '../../support/fixtures.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
  const db = t.database.db;
  for (let i = 0; i < 5; i++) {
    await audit(db, { action: 'user.create', tenantId: cast.tenantA.id, target: `user:${i}` });
  }
  await audit(db, {
    action: 'user.delete',
    tenantId: cast.tenantB.id,
    details: { email: 'x@example.com' },
  });
  await audit(db, {
    action: 'auth.login',
    actor: { userId: cast.adminA.id, email: cast.adminA.email },
  });
  await audit(db, { action: 'auth.login_failed', ip: '203.0.113.9' });
});
afterAll(() => t.close());

const read = (query: string, token = cast.superAdmin.token) =>
  t.request({ method: 'GET', url: `/api/admin/audit${query}`, token });

describe('GET /api/admin/audit', () => {
  it('pages through every event, newest first, with the total', async () => {
    const first = await read('?limit=3');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(8);
    expect(body.events.map((e: { action: string }) => e.action)).toEqual([
      'auth.login_failed',
      'auth.login',
      'user.delete',
    ]);
    expect(body.events[0]).toMatchObject({ ip: '203.0.113.9', actorId: null, details: null });
    const second = await read('?limit=3&offset=3');
    expect(second.json().events).toHaveLength(3);
    expect(second.json().events[0].action).toBe('user.create');
  });

  it('filters by tenant and by action (exact, or a family ending in a dot)', async () => {
    const byTenant = await read(`?tenantId=${cast.tenantB.id}`);
    expect(byTenant.json()).toMatchObject({ total: 1 });
    expect(byTenant.json().events[0]).toMatchObject({
      action: 'user.delete',
      tenantId: cast.tenantB.id,
      details: { email: 'x@example.com' },
    });
    const exact = await read('?action=user.create');
    expect(exact.json().total).toBe(5);
    const family = await read('?action=auth.');
    expect(family.json().total).toBe(2);
    const both = await read(`?action=user.&tenantId=${cast.tenantA.id}`);
    expect(both.json().total).toBe(5);
  });

  it('rejects bad paging and filters with 400', async () => {
    for (const query of ['?limit=0', '?limit=500', '?offset=-1', '?tenantId=nope', '?action=%25']) {
      const res = await read(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for super administrators only', async () => {
    expect((await read('', cast.adminA.token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
