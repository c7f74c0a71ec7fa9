import type { UsageAnalytics } from '@canopy/portal-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, type TestPerson } from '../../support/fixtures.ts';

/**
 * The usage beacon (`POST /api/powerbi/usage`) records only reports the caller may open, counts a
 * person's views of a report once per period, and usage analytics never name another tenant's
 * report — the red-team scenario of a Viewer posting a view of another tenant's report, replayed.
 */
let t: TestApp;
let tenantA: { id: string };
let tenantB: { id: string };
let viewerA: TestPerson;
let adminA: TestPerson;
let superAdmin: TestPerson;

async function addReport(tenantId: string, id: string, name: string) {
  await t.database.db
    .insertInto('reports')
    .values({
      id,
      tenant_id: tenantId,
      power_bi_group_id: `group-${tenantId}`,
      name,
      embed_url: 'https://example.invalid/embed',
    })
    .execute();
}

function beacon(person: TestPerson, reportId: string) {
  return t.request({
    method: 'POST',
    url: '/api/powerbi/usage',
    token: person.token,
    payload: { reportId, loadMs: 120, renderMs: 40 },
  });
}

async function analytics(person: TestPerson, query = 'days=7') {
  const res = await t.request({
    method: 'GET',
    url: `/api/analytics/usage?${query}`,
    token: person.token,
  });
  expect(res.statusCode).toBe(200);
  return res.json<UsageAnalytics>();
}

const rowsOf = (reportId: string) =>
  t.database.db
    .selectFrom('report_usage')
    .select(['tenant_id', 'user_id'])
    .where('report_id', '=', reportId)
    .execute();

beforeAll(async () => {
  t = await build();
  tenantA = await createTenant(t, { name: 'TenantA' });
  tenantB = await createTenant(t, { name: 'TenantB' });
  viewerA = await createPerson(t, { tenantId: tenantA.id, role: 'Viewer' });
  adminA = await createPerson(t, { tenantId: tenantA.id, role: 'Admin' });
  superAdmin = await createPerson(t, { superAdmin: true });
  await addReport(tenantA.id, 'ra-granted', 'A Granted');
  await addReport(tenantA.id, 'ra-ungranted', 'A Ungranted');
  await addReport(tenantB.id, 'rb-secret', 'Secret B Plans');
  await t.database.db
    .insertInto('report_grants')
    .values({ user_id: viewerA.id, report_id: 'ra-granted', tenant_id: tenantA.id })
    .execute();
});
afterAll(() => t.close());

describe('POST /api/powerbi/usage', () => {
  it("refuses a Viewer's view of another tenant's report, and A's analytics never name it", async () => {
    const posted = await beacon(viewerA, 'rb-secret');
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toEqual({ error: 'Report not found', code: 'REPORT_NOT_FOUND' });
    expect(await rowsOf('rb-secret')).toEqual([]);

    const body = await analytics(adminA);
    expect(JSON.stringify(body)).not.toContain('Secret B Plans');
    expect(JSON.stringify(body)).not.toContain('TenantB');
  });

  it("keeps a tenant's analytics to its own names even over a row from before the beacon checked", async () => {
    // A row the old beacon wrote: tenant A's usage naming tenant B's report.
    await t.database.db
      .insertInto('report_usage')
      .values({
        tenant_id: tenantA.id,
        user_id: viewerA.id,
        report_id: 'rb-secret',
        load_ms: 1,
        render_ms: 1,
      })
      .execute();
    const body = await analytics(adminA);
    const leaked = body.reports.find((report) => report.reportId === 'rb-secret');
    expect(leaked).toMatchObject({ name: null, tenantId: null, tenantName: null, views: 1 });
    expect(JSON.stringify(body)).not.toContain('Secret B Plans');
    expect(JSON.stringify(body)).not.toContain('TenantB');
    // A super administrator's view over every tenant still names it.
    const all = await analytics(superAdmin);
    expect(all.reports.find((report) => report.reportId === 'rb-secret')).toMatchObject({
      name: 'Secret B Plans',
      tenantName: 'TenantB',
    });
    await t.database.db.deleteFrom('report_usage').where('report_id', '=', 'rb-secret').execute();
  });

  it('refuses a made-up report id and a report of the tenant the Viewer has no grant to', async () => {
    const madeUp = await beacon(viewerA, 'no-such-report');
    expect([madeUp.statusCode, madeUp.json().code]).toEqual([404, 'REPORT_NOT_FOUND']);
    const ungranted = await beacon(viewerA, 'ra-ungranted');
    expect([ungranted.statusCode, ungranted.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(await rowsOf('no-such-report')).toEqual([]);
    expect(await rowsOf('ra-ungranted')).toEqual([]);
  });

  it("records a granted report under the caller's tenant, once per person and period however often it is sent", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => beacon(viewerA, 'ra-granted')),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.database.db
      .selectFrom('report_usage')
      .select(['tenant_id', 'user_id', 'view_slot'])
      .where('report_id', '=', 'ra-granted')
      .execute();
    // One row per period: one, or two if the burst happened to straddle a period's end.
    expect(new Set(rows.map((row) => row.view_slot)).size).toBe(rows.length);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows[0]).toMatchObject({ tenant_id: tenantA.id, user_id: viewerA.id });
    // Back to exactly one view, for the figures below.
    await t.database.db.deleteFrom('report_usage').where('report_id', '=', 'ra-granted').execute();
    expect((await beacon(viewerA, 'ra-granted')).statusCode).toBe(200);
    // Another person's view of the same report is a view of its own.
    expect((await beacon(adminA, 'ra-granted')).statusCode).toBe(200);
    const body = await analytics(adminA);
    expect(body.reports.find((report) => report.reportId === 'ra-granted')).toMatchObject({
      name: 'A Granted',
      views: 2,
      viewers: 2,
    });
  });

  it("counts the next period's view again", async () => {
    // Move the recorded view one period back, as if the person had opened it five minutes ago.
    await t.database.db
      .updateTable('report_usage')
      .set((eb) => ({ view_slot: eb('view_slot', '-', 1) }))
      .where('report_id', '=', 'ra-granted')
      .where('user_id', '=', viewerA.id)
      .execute();
    expect((await beacon(viewerA, 'ra-granted')).statusCode).toBe(200);
    const rows = await rowsOf('ra-granted');
    expect(rows.filter((row) => row.user_id === viewerA.id)).toHaveLength(2);
  });

  it("keeps a super administrator's view out of every tenant's figures", async () => {
    expect((await beacon(superAdmin, 'rb-secret')).statusCode).toBe(200);
    expect(await rowsOf('rb-secret')).toEqual([{ tenant_id: null, user_id: superAdmin.id }]);
    const b = await analytics(superAdmin, `days=7&tenantId=${tenantB.id}`);
    expect(b.totals.views).toBe(0);
    expect((await beacon(superAdmin, 'no-such-report')).statusCode).toBe(404);
  });
});
