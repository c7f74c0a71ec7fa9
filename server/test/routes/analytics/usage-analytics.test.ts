import type { Percentiles, UsageAnalytics } from '@canopy/portal-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createTenant, type Cast } from '../../support/fixtures.ts';

/**
 * Usage analytics over a usage log written straight into the database with known values, so every
 * aggregate can be checked: counts, distinct viewers, zero-filled days, interpolated percentiles
 * (from the latency buckets, close to PostgreSQL's percentile_cont), the reports nobody opened,
 * and tenant scoping.
 */

let t: TestApp;
let cast: Cast;
const DAY = 86_400_000;
// Today's first UTC midnight; a view `n` days back at `hour` UTC.
const now = new Date();
const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
const daysAgo = (n: number, hour = 12) => new Date(today - n * DAY + hour * 3_600_000);

/**
 * Percentiles are read from fixed buckets (usage-latency-buckets.ts): within a bucket's width of
 * the exact interpolated value (percentile_cont's), which is 1 ms below 64 ms and at most 1/32 of
 * the value above. usage-rollups.test.ts checks them exactly against the same buckets.
 */
function expectPercentiles(actual: Percentiles, median: number, p95: number) {
  for (const [value, exact] of [
    [actual.median, median],
    [actual.p95, p95],
  ] as const) {
    expect(value).not.toBeNull();
    expect(Math.abs(value! - exact)).toBeLessThanOrEqual(Math.max(1, exact / 32));
  }
}

async function analytics(token: string, query: string) {
  const res = await t.request({ method: 'GET', url: `/api/analytics/usage?${query}`, token });
  return { status: res.statusCode, body: res.json<UsageAnalytics & { code?: string }>() };
}

beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
  const report = (id: string, tenantId: string, name: string) => ({
    id,
    tenant_id: tenantId,
    power_bi_group_id: `group-${tenantId}`,
    name,
    embed_url: 'https://example.invalid/embed',
  });
  await t.database.db
    .insertInto('reports')
    .values([
      report('ra-sales', cast.tenantA.id, 'Sales'),
      report('ra-stock', cast.tenantA.id, 'Stock'),
      report('ra-unused', cast.tenantA.id, 'Unused'),
      report('ra-old', cast.tenantA.id, 'Old'),
      report('rb-sales', cast.tenantB.id, 'B sales'),
    ])
    .execute();
  const view = (
    person: { id: string; tenantId: string | null },
    reportId: string,
    at: Date,
    loadMs: number,
    renderMs: number,
  ) => ({
    tenant_id: person.tenantId,
    user_id: person.id,
    report_id: reportId,
    load_ms: loadMs,
    render_ms: renderMs,
    at,
  });
  await t.database.db
    .insertInto('report_usage')
    .values([
      // Sales: four views by tenant A's Viewer, two today and two the day before yesterday.
      view(cast.viewerA, 'ra-sales', daysAgo(0, 0), 100, 10),
      view(cast.viewerA, 'ra-sales', daysAgo(0, 1), 400, 40),
      view(cast.viewerA, 'ra-sales', daysAgo(2), 300, 30),
      view(cast.viewerA, 'ra-sales', daysAgo(2), 200, 20),
      // Stock: once on the first day of the 7-day window, once the day before it.
      view(cast.adminA, 'ra-stock', daysAgo(6, 0), 1000, 500),
      view(cast.adminA, 'ra-stock', new Date(today - 6 * DAY - 1000), 3000, 900),
      // Old: opened 40 days ago only.
      view(cast.viewerA, 'ra-old', daysAgo(40), 700, 70),
      // Tenant B's report, twice today.
      view(cast.viewerB, 'rb-sales', daysAgo(0), 50, 5),
      view(cast.viewerB, 'rb-sales', daysAgo(0), 70, 7),
    ])
    .execute();
});
afterAll(() => t.close());

describe('GET /api/analytics/usage', () => {
  it('aggregates every tenant for a super administrator over 7 days', async () => {
    const { status, body } = await analytics(cast.superAdmin.token, 'days=7');
    expect(status).toBe(200);
    expect(body.days).toBe(7);
    expect(body.tenantId).toBeNull();
    expect(body.timeZone).toBe('UTC');
    expect(body.from).toBe(new Date(today - 6 * DAY).toISOString());
    expect([body.totals.views, body.totals.viewers]).toEqual([7, 3]);
    // Seven load times 50, 70, 100, 200, 300, 400, 1000: the median is the 4th; the p95 sits at
    // 6 × 0.95 = 5.7, 0.7 of the way from 400 to 1000. Render: 5, 7, 10, 20, 30, 40, 500.
    expectPercentiles(body.totals.loadMs, 200, 820);
    expectPercentiles(body.totals.renderMs, 20, 362);
    // Every day of the window, oldest first, zeros where nobody opened anything.
    expect(body.series.map((day) => day.views)).toEqual([1, 0, 0, 0, 2, 0, 4]);
    expect(body.series[0]!.date).toBe(new Date(today - 6 * DAY).toISOString().slice(0, 10));
    expect(body.series[6]!.date).toBe(new Date(today).toISOString().slice(0, 10));
  });

  it('gives each report its views, viewers, interpolated median and p95, and last view', async () => {
    const { body } = await analytics(cast.superAdmin.token, 'days=7');
    expect(body.reports.map((r) => [r.reportId, r.views])).toEqual([
      ['ra-sales', 4],
      ['rb-sales', 2],
      ['ra-stock', 1],
    ]);
    const sales = body.reports[0]!;
    expect(sales).toMatchObject({
      reportId: 'ra-sales',
      name: 'Sales',
      tenantId: cast.tenantA.id,
      tenantName: 'Tenant A',
      views: 4,
      viewers: 1,
      lastViewedAt: daysAgo(0, 1).toISOString(),
    });
    // 100, 200, 300, 400: median between 200 and 300; p95 at 3 × 0.95 = 2.85 → 300 + 0.85 × 100.
    expectPercentiles(sales.loadMs, 250, 385);
    expectPercentiles(sales.renderMs, 25, 38.5);
  });

  it('counts per tenant and per person, most views first', async () => {
    const { body } = await analytics(cast.superAdmin.token, 'days=7');
    expect(body.tenants.map((x) => [x.name, x.views, x.viewers])).toEqual([
      ['Tenant A', 5, 2],
      ['Tenant B', 2, 1],
    ]);
    expect(body.people.map((p) => [p.email, p.views, p.tenantName])).toEqual([
      [cast.viewerA.email, 4, 'Tenant A'],
      [cast.viewerB.email, 2, 'Tenant B'],
      [cast.adminA.email, 1, 'Tenant A'],
    ]);
    expect(body.peopleCount).toBe(3);
    expect(body.people[0]!.lastViewedAt).toBe(daysAgo(0, 1).toISOString());
  });

  it('lists the synchronised reports nobody opened in the window, with their last view before it', async () => {
    const week = await analytics(cast.superAdmin.token, 'days=7');
    expect(week.body.notOpened).toEqual([
      {
        reportId: 'ra-old',
        name: 'Old',
        tenantId: cast.tenantA.id,
        tenantName: 'Tenant A',
        lastViewedAt: daysAgo(40).toISOString(),
      },
      {
        reportId: 'ra-unused',
        name: 'Unused',
        tenantId: cast.tenantA.id,
        tenantName: 'Tenant A',
        lastViewedAt: null,
      },
    ]);
    const quarter = await analytics(cast.superAdmin.token, 'days=90');
    expect(quarter.body.notOpened.map((r) => r.reportId)).toEqual(['ra-unused']);
    expect(quarter.body.series).toHaveLength(90);
    expect(quarter.body.totals.views).toBe(9);
  });

  it('takes the view just before the first day into the 30-day window only', async () => {
    const month = await analytics(cast.superAdmin.token, 'days=30');
    expect(month.body.series).toHaveLength(30);
    const stock = month.body.reports.find((r) => r.reportId === 'ra-stock')!;
    expect(stock.views).toBe(2);
    expectPercentiles(stock.loadMs, 2000, 2900);
    expect(month.body.series[30 - 7]!.views).toBe(1);
  });

  it("shows a tenant Admin their own tenant's figures only", async () => {
    const { status, body } = await analytics(cast.adminA.token, 'days=7');
    expect(status).toBe(200);
    expect(body.tenantId).toBe(cast.tenantA.id);
    expect(body.totals.views).toBe(5);
    expect(body.reports.map((r) => r.reportId)).toEqual(['ra-sales', 'ra-stock']);
    expect(body.tenants.map((x) => x.name)).toEqual(['Tenant A']);
    expect(body.people.map((p) => p.email)).toEqual([cast.viewerA.email, cast.adminA.email]);
    expect(body.notOpened.map((r) => r.reportId)).toEqual(['ra-old', 'ra-unused']);
    const own = await analytics(cast.adminA.token, `days=7&tenantId=${cast.tenantA.id}`);
    expect(own.body.totals.views).toBe(5);
  });

  it('lets a super administrator name one tenant', async () => {
    const { body } = await analytics(cast.superAdmin.token, `days=7&tenantId=${cast.tenantB.id}`);
    expect(body.tenantId).toBe(cast.tenantB.id);
    expect(body.totals).toMatchObject({ views: 2, viewers: 1 });
    // 50 ms and 70 ms: 70 sits in the 2 ms bucket 70–71, read as its middle.
    expect(body.totals.loadMs.median).toBe(60.25);
    expect(body.series.map((day) => day.views)).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(body.notOpened).toEqual([]);
  });

  it('answers an empty window with zeros and null percentiles', async () => {
    const empty = await createTenant(t, { name: 'Tenant C' });
    const { body } = await analytics(cast.superAdmin.token, `tenantId=${empty.id}`);
    expect(body.days).toBe(30);
    expect(body.totals).toEqual({
      views: 0,
      viewers: 0,
      loadMs: { median: null, p95: null },
      renderMs: { median: null, p95: null },
    });
    expect(body.series.every((day) => day.views === 0)).toBe(true);
    expect(body.reports).toEqual([]);
    expect(body.people).toEqual([]);
    expect(body.peopleCount).toBe(0);
  });

  it('refuses Viewers, other tenants, unknown tenants and other periods', async () => {
    expect((await analytics(cast.viewerA.token, 'days=7')).status).toBe(403);
    const foreign = await analytics(cast.adminA.token, `days=7&tenantId=${cast.tenantB.id}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('FORBIDDEN');
    const unknown = await analytics(
      cast.superAdmin.token,
      'tenantId=00000000-0000-4000-8000-000000000000',
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, 'TENANT_NOT_FOUND']);
    const period = await analytics(cast.superAdmin.token, 'days=14');
    expect([period.status, period.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    for (const query of ['days=abc', 'days=7&days=30', 'tenantId=nope'])
      expect((await analytics(cast.superAdmin.token, query)).status, query).toBe(400);
  });

  it("counts one tenant's days in the tenant's time zone", async () => {
    const zoned = await createTenant(t, { name: 'Tenant Z' });
    // UTC+14 all year (no daylight saving time), so the local days are known here.
    await t.database.db
      .updateTable('tenants')
      .set({ time_zone: 'Etc/GMT-14' })
      .where('id', '=', zoned.id)
      .execute();
    const offset = 14 * 3_600_000;
    const local = new Date(Date.now() + offset);
    const midnight =
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset;
    const at = (ms: number) => ({
      tenant_id: zoned.id,
      user_id: null,
      report_id: 'rz',
      load_ms: 1,
      render_ms: 1,
      at: new Date(ms),
    });
    await t.database.db
      .insertInto('report_usage')
      .values([
        at(midnight + 1_800_000), // today there
        at(midnight - 1_800_000), // yesterday there (today in UTC, for most of the UTC day)
        at(midnight - 6 * DAY + 60_000), // the window's first day there
        at(midnight - 6 * DAY - 60_000), // the day before the window
      ])
      .execute();
    const { body } = await analytics(cast.superAdmin.token, `days=7&tenantId=${zoned.id}`);
    expect(body.timeZone).toBe('Etc/GMT-14');
    expect(body.from).toBe(new Date(midnight - 6 * DAY).toISOString());
    expect(body.series.map((day) => day.views)).toEqual([1, 0, 0, 0, 0, 1, 1]);
    expect(body.series[6]!.date).toBe(new Date(midnight + offset).toISOString().slice(0, 10));
    expect(body.totals.views).toBe(3);
    // Every tenant together: UTC days.
    expect((await analytics(cast.superAdmin.token, 'days=7')).body.timeZone).toBe('UTC');
  });
});
