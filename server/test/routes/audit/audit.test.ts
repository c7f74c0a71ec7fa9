import { AUDIT_COUNT_CAP } from '@canopy/portal-contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../src/modules/audit/audit-actions.ts';
import { audit } from '../../../src/modules/audit/audit.service.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createTenant, type Cast } from '../../support/fixtures.ts';

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
    expect(body.events[2]).toMatchObject({ tenantId: cast.tenantB.id, tenantName: 'Tenant B' });
    expect(body).toMatchObject({ totalCapped: false, newer: null, older: body.events[2].id });
    const second = (await read(`?limit=3&older=${body.older}`)).json();
    expect(second.events.map((e: { target: string }) => e.target)).toEqual([
      'user:4',
      'user:3',
      'user:2',
    ]);
    expect(second).toMatchObject({ total: 8, newer: second.events[0].id });
    const third = (await read(`?limit=3&older=${second.older}`)).json();
    expect(third.events.map((e: { target: string }) => e.target)).toEqual(['user:1', 'user:0']);
    expect(third.older).toBeNull();
    // Back from the last page: the three just newer, still newest first.
    const back = (await read(`?limit=3&newer=${third.newer}`)).json();
    expect(back.events).toEqual(second.events);
    expect(back).toMatchObject({ older: second.older, newer: second.newer });
    // The oldest page straight away (the last one), and from it back to the newest.
    const oldest = (await read('?limit=3&oldest=true')).json();
    expect(oldest.events.map((e: { target: string }) => e.target)).toEqual([
      'user:2',
      'user:1',
      'user:0',
    ]);
    expect(oldest).toMatchObject({ older: null, newer: oldest.events[0].id });
    const newest = (await read(`?limit=5&newer=${oldest.newer}`)).json();
    expect(newest.events).toEqual(body.events.concat(second.events.slice(0, 2)));
    expect(newest.newer).toBeNull();
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
    for (const query of [
      '?limit=0',
      '?limit=500',
      '?older=abc',
      '?older=0',
      '?older=1&newer=2',
      '?newer=1&oldest=true',
      '?tenantId=nope',
      '?action=%25',
      '?from=yesterday',
      '?to=2026-11-26',
      `?person=${'x'.repeat(255)}`,
    ]) {
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

describe('filters by person and date range', () => {
  let oldest: string;
  beforeAll(async () => {
    const db = t.database.db;
    await db
      .insertInto('audit_events')
      .values([
        { at: new Date('2020-01-01T10:00:00Z'), action: 'tenant.update', actor_email: 'old@x.io' },
        {
          at: new Date('2020-01-02T10:00:00Z'),
          action: 'tenant.update',
          actor_email: 'Dora_Explorer@Example.com',
        },
        {
          at: new Date('2020-01-03T10:00:00Z'),
          action: 'tenant.update',
          actor_email: 'dorax@a.io',
        },
      ])
      .execute();
    oldest = '2020-01-01T00:00:00Z';
  });

  it('finds a person by id, or by part of the email they acted as (any case, literally)', async () => {
    const byId = await read(`?person=${cast.adminA.id}`);
    expect(byId.json().events).toMatchObject([{ action: 'auth.login', actorId: cast.adminA.id }]);
    const byEmail = await read('?person=DORA');
    expect(byEmail.json().total).toBe(2);
    // `_` is a character here, not LIKE's one-character wildcard.
    const literal = await read('?person=dora_');
    expect(literal.json().events.map((e: { actorEmail: string }) => e.actorEmail)).toEqual([
      'Dora_Explorer@Example.com',
    ]);
  });

  it('keeps events inside from..to (both ends included), newest first', async () => {
    const range = await read(`?from=${oldest}&to=2020-01-02T10:00:00Z`);
    expect(range.json().events.map((e: { at: string }) => e.at)).toEqual([
      '2020-01-02T10:00:00.000Z',
      '2020-01-01T10:00:00.000Z',
    ]);
    const since = await read('?from=2020-01-02T11:00:00%2B01:00');
    expect(since.json().events.map((e: { at: string }) => e.at)).toContain(
      '2020-01-02T10:00:00.000Z',
    );
  });

  it('takes the widest range there is, and nothing outside it', async () => {
    const res = await read('?from=1970-01-01T00:00:00Z&to=9999-12-31T23:59:59%2B23:59');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(3);
    for (const query of ['?from=0000-01-01T00:00:00Z', '?to=1969-12-31T23:59:59Z']) {
      const refused = await read(query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a range that ends before it starts with AUDIT_RANGE_INVERTED', async () => {
    const res = await read('?from=2020-01-03T00:00:00Z&to=2020-01-02T00:00:00Z');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'AUDIT_RANGE_INVERTED',
      error: 'The start of the date range is after its end',
    });
    const csv = await read('/export.csv?from=2020-01-03T00:00:00Z&to=2020-01-02T00:00:00Z');
    expect(csv.json().code).toBe('AUDIT_RANGE_INVERTED');
  });
});

describe('names of tenants and people', () => {
  it('shows the name a person set, and the id alone once a tenant is deleted', async () => {
    const gone = await createTenant(t, { name: 'Gone Ltd' });
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Ada', last_name: 'Admin' })
      .where('id', '=', cast.adminA.id)
      .execute();
    await audit(t.database.db, { action: 'tenant.delete', tenantId: gone.id });
    await t.database.db.deleteFrom('tenants').where('id', '=', gone.id).execute();
    const [deleted] = (await read(`?tenantId=${gone.id}`)).json().events;
    expect(deleted).toMatchObject({ tenantId: gone.id, tenantName: null });
    const [login] = (await read(`?person=${cast.adminA.id}`)).json().events;
    expect(login).toMatchObject({ actorName: 'Ada Admin', actorEmail: cast.adminA.email });
  });
});

describe('a long history', () => {
  it('has a trigram index for the search by part of an email (pg_trgm, on both backends)', async () => {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where indexname = 'audit_events_actor_email_trgm_idx'`.execute(t.database.db);
    expect(rows[0]?.indexdef).toContain('gin_trgm_ops');
  });

  it('counts up to AUDIT_COUNT_CAP and then says there are more', async () => {
    await sql`insert into audit_events (action, at)
      select 'integration.sync', timestamp '2001-01-01' + g * interval '1 second'
      from generate_series(1, ${AUDIT_COUNT_CAP + 1}) g`.execute(t.database.db);
    const capped = (await read('?action=integration.sync&limit=2')).json();
    expect(capped).toMatchObject({ total: AUDIT_COUNT_CAP, totalCapped: true });
    expect(capped.events.map((e: { at: string }) => e.at)).toEqual([
      '2001-01-01T02:46:41.000Z',
      '2001-01-01T02:46:40.000Z',
    ]);
    const exact = (await read('?action=integration.sync&to=2001-01-01T00:00:05Z')).json();
    expect(exact).toMatchObject({ total: 5, totalCapped: false });
  });

  it('exports across several keyset batches without a gap or a repeat', async () => {
    const res = await read('/export.csv?action=integration.sync');
    expect(res.headers['x-audit-total']).toBe(String(AUDIT_COUNT_CAP + 1));
    const times = res.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0]);
    expect(times).toHaveLength(AUDIT_COUNT_CAP + 1);
    expect(times[0]).toBe('2001-01-01T02:46:41.000Z');
    expect(times.at(-1)).toBe('2001-01-01T00:00:01.000Z');
    expect(new Set(times).size).toBe(times.length);
  });
});

describe('GET /api/admin/audit/actions', () => {
  it('lists every action the portal records, once, sorted, recorded yet or not', async () => {
    const res = await read('/actions');
    expect(res.statusCode).toBe(200);
    const { actions } = res.json<{ actions: string[] }>();
    expect(actions).toEqual([...new Set(actions)].sort());
    expect(actions).toEqual([...AUDIT_ACTIONS].sort());
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'group.member_add']));
    expect((await read('/actions', cast.adminA.token)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/audit/export.csv', () => {
  it('downloads the filtered view as CSV, newest first, with a dated file name', async () => {
    const res = await read(`/export.csv?tenantId=${cast.tenantA.id}&action=user.create`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="canopy-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers['x-audit-total']).toBe('5');
    expect(res.headers['x-audit-truncated']).toBe('false');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'When (UTC),Actor ID,Actor email,Actor name,Tenant ID,Tenant,Action,Target,From (IP),Details',
    );
    expect(lines).toHaveLength(7); // header, 5 events, and the empty string after the last CRLF
    expect(lines[1]).toMatch(new RegExp(`,,,,${cast.tenantA.id},Tenant A,user.create,user:4,,$`));
    expect(lines[5]).toContain(',user:0,');
  });

  it('quotes per RFC 4180 and defuses cells a spreadsheet would run as formulas', async () => {
    await audit(t.database.db, {
      action: 'settings.update',
      actor: { userId: cast.adminB.id, email: '=HYPERLINK("http://x")@evil.io' },
      tenantId: cast.tenantB.id,
      target: '+cmd|calc',
      ip: '-1',
      details: { note: 'a, "quoted"\nline' },
    });
    const res = await read(`/export.csv?action=settings.update`);
    const record = res.body.split('\r\n')[1] ?? '';
    expect(record).toContain(`,"'=HYPERLINK(""http://x"")@evil.io",`);
    expect(record).toContain(",'+cmd|calc,'-1,");
    expect(record).toContain('"{""note"":""a, \\""quoted\\""\\nline""}"');
  });

  it('is for super administrators only', async () => {
    expect((await read('/export.csv', cast.adminA.token)).statusCode).toBe(403);
    const anonymous = await t.request({ method: 'GET', url: '/api/admin/audit/export.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});
