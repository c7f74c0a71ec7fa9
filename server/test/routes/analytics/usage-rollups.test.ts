import type { UsageAnalytics } from '@canopy/portal-contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildUsageRollups } from '../../../src/modules/usage/usage-rollups.ts';
import {
  addToHistogram,
  histogramPercentile,
  latencyBucket,
} from '../../../src/modules/usage/usage-latency-buckets.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, type Cast } from '../../support/fixtures.ts';

/**
 * The rollups answer what a scan of the usage log answers. A seeded log (three tenants, one in a
 * zone half an hour off UTC, super administrators' views without a tenant, a year and a half of
 * days, inserted in batches and one row at a time so the trigger adds to rows that exist) is
 * computed here straight from its rows, and compared with GET /api/analytics/usage for every
 * window and scope; then again after a person is deleted, a tenant changes zone, and a rebuild.
 */

let t: TestApp;
let cast: Cast;
const DAY = 86_400_000;
const PEOPLE_PER_TENANT = 6;

interface RawView {
  tenant_id: string | null;
  user_id: string | null;
  report_id: string;
  load_ms: number;
  render_ms: number;
  at: Date;
}

// A small deterministic generator, so a failure can be replayed.
let state = 20_261_129;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

async function analytics(token: string, query: string): Promise<UsageAnalytics> {
  const res = await t.request({ method: 'GET', url: `/api/analytics/usage?${query}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<UsageAnalytics>();
}

/** The calendar day of an instant in a zone, YYYY-MM-DD. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

const percentiles = (values: number[]) => {
  const histogram = new Map<number, number>();
  for (const value of values) addToHistogram(histogram, latencyBucket(value), 1);
  return { median: histogramPercentile(histogram, 0.5), p95: histogramPercentile(histogram, 0.95) };
};

const byKey = <T>(rows: T[], key: (row: T) => string | null) =>
  [...rows].sort((a, b) => String(key(a)).localeCompare(String(key(b))));

/**
 * What the answer must hold, computed from the raw rows: the window is every row at or after the
 * answer's `from` (checked to be the first day's midnight in the answer's zone).
 */
async function expectEqualToRawScan(answer: UsageAnalytics) {
  const raw = (await t.database.db.selectFrom('report_usage').selectAll().execute()) as RawView[];
  const from = new Date(answer.from);
  expect(dayIn(from, answer.timeZone)).toBe(answer.series[0]!.date);
  expect(dayIn(new Date(from.getTime() - 1), answer.timeZone)).not.toBe(answer.series[0]!.date);
  const rows = raw.filter(
    (row) => row.at >= from && (answer.tenantId === null || row.tenant_id === answer.tenantId),
  );

  expect(answer.totals.views).toBe(rows.length);
  expect(answer.totals.viewers).toBe(
    new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : []))).size,
  );
  const all = percentiles(rows.map((row) => row.load_ms));
  expect(answer.totals.loadMs).toEqual(all);
  expect(answer.totals.renderMs).toEqual(percentiles(rows.map((row) => row.render_ms)));

  const perDay = new Map<string, number>();
  for (const row of rows) {
    const day = dayIn(row.at, answer.timeZone);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  expect(answer.series.reduce((sum, day) => sum + day.views, 0)).toBe(rows.length);
  for (const day of answer.series) expect(day.views).toBe(perDay.get(day.date) ?? 0);

  const group = (key: (row: RawView) => string | null) => {
    const groups = new Map<string | null, RawView[]>();
    for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    return groups;
  };
  const last = (views: RawView[]) =>
    new Date(Math.max(...views.map((row) => row.at.getTime()))).toISOString();
  const viewersOf = (views: RawView[]) =>
    new Set(views.flatMap((row) => (row.user_id ? [row.user_id] : []))).size;

  const reports = [...group((row) => row.report_id)].map(([reportId, views]) => ({
    reportId,
    views: views.length,
    viewers: viewersOf(views),
    loadMs: percentiles(views.map((row) => row.load_ms)),
    renderMs: percentiles(views.map((row) => row.render_ms)),
    lastViewedAt: last(views),
  }));
  expect(
    byKey(
      answer.reports.map(({ reportId, views, viewers, loadMs, renderMs, lastViewedAt }) => ({
        reportId,
        views,
        viewers,
        loadMs,
        renderMs,
        lastViewedAt,
      })),
      (row) => row.reportId,
    ),
  ).toEqual(byKey(reports, (row) => row.reportId));

  const tenants = [...group((row) => row.tenant_id)].map(([tenantId, views]) => ({
    tenantId,
    views: views.length,
    viewers: viewersOf(views),
    lastViewedAt: last(views),
  }));
  expect(
    byKey(
      answer.tenants.map(({ tenantId, views, viewers, lastViewedAt }) => ({
        tenantId,
        views,
        viewers,
        lastViewedAt,
      })),
      (row) => row.tenantId,
    ),
  ).toEqual(byKey(tenants, (row) => row.tenantId));

  const people = [...group((row) => row.user_id)].map(([userId, views]) => ({
    userId,
    views: views.length,
    lastViewedAt: last(views),
  }));
  expect(answer.peopleCount).toBe(people.length);
  expect(
    byKey(
      answer.people.map(({ userId, views, lastViewedAt }) => ({ userId, views, lastViewedAt })),
      (row) => row.userId,
    ),
  ).toEqual(byKey(people, (row) => row.userId));

  const synchronised = await t.database.db
    .selectFrom('reports')
    .select(['id', 'tenant_id'])
    .execute();
  const scoped = raw.filter((row) => answer.tenantId === null || row.tenant_id === answer.tenantId);
  const notOpened = synchronised
    .filter((report) => answer.tenantId === null || report.tenant_id === answer.tenantId)
    .filter((report) => !rows.some((row) => row.report_id === report.id))
    .map((report) => {
      const before = scoped.filter((row) => row.report_id === report.id);
      return { reportId: report.id, lastViewedAt: before.length > 0 ? last(before) : null };
    });
  expect(
    byKey(
      answer.notOpened.map(({ reportId, lastViewedAt }) => ({ reportId, lastViewedAt })),
      (row) => row.reportId,
    ),
  ).toEqual(byKey(notOpened, (row) => row.reportId));
}

async function expectEveryViewEqual() {
  for (const days of ['7', '30', '90']) {
    await expectEqualToRawScan(await analytics(cast.superAdmin.token, `days=${days}`));
    for (const tenant of [cast.tenantA, cast.tenantB]) {
      await expectEqualToRawScan(
        await analytics(cast.superAdmin.token, `days=${days}&tenantId=${tenant.id}`),
      );
    }
  }
}

beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
  const db = t.database.db;
  // Tenant A counts its days in India (UTC+5:30), so its days and UTC days differ.
  await db
    .updateTable('tenants')
    .set({ time_zone: 'Asia/Kolkata' })
    .where('id', '=', cast.tenantA.id)
    .execute();
  const tenants = [cast.tenantA, cast.tenantB];
  const reports = tenants.flatMap((tenant, i) =>
    Array.from({ length: 5 }, (_, r) => ({
      id: `rollup-${i}-${r}`,
      tenant_id: tenant.id,
      power_bi_group_id: `group-${i}`,
      name: `Report ${r}`,
      embed_url: 'https://example.invalid/embed',
    })),
  );
  await db.insertInto('reports').values(reports).execute();
  const people = await db
    .insertInto('users')
    .values(
      tenants.flatMap((tenant, i) =>
        Array.from({ length: PEOPLE_PER_TENANT }, (_, p) => ({
          email: `rollup-${i}-${p}@example.com`,
          tenant_id: tenant.id,
        })),
      ),
    )
    .returning(['id', 'tenant_id'])
    .execute();
  const now = Date.now();
  const view = (): RawView => {
    const superAdmin = random() < 0.05;
    const person = superAdmin
      ? { id: cast.superAdmin.id, tenant_id: null }
      : pick([...people, { id: cast.viewerA.id, tenant_id: cast.tenantA.id }]);
    const tenantIndex = tenants.findIndex((tenant) => tenant.id === person.tenant_id);
    // The last of each tenant's reports is never opened; the fourth only long ago.
    const report = Math.floor(random() ** 2 * 4);
    const ageDays = report === 3 ? 100 + random() * 400 : random() ** 2 * 500;
    return {
      tenant_id: person.tenant_id,
      user_id: person.id,
      report_id: `rollup-${tenantIndex === -1 ? 0 : tenantIndex}-${report}`,
      load_ms: Math.floor(random() ** 3 * 20_000),
      render_ms: Math.floor(random() * 90),
      at: new Date(now - ageDays * DAY),
    };
  };
  for (let batch = 0; batch < 4; batch++) {
    await db
      .insertInto('report_usage')
      .values(Array.from({ length: 300 }, view))
      .execute();
  }
  for (let one = 0; one < 30; one++) await db.insertInto('report_usage').values(view()).execute();
}, 60_000);
afterAll(() => t.close());

describe('usage rollups', () => {
  it('answer every window and scope as a scan of the usage log does', async () => {
    await expectEveryViewEqual();
  });

  it('read percentiles within a bucket of the exact ones', async () => {
    const answer = await analytics(cast.superAdmin.token, 'days=90');
    const { rows } = await sql<{ median: number; p95: number }>`
      select percentile_cont(0.5) within group (order by load_ms) as median,
             percentile_cont(0.95) within group (order by load_ms) as p95
      from report_usage where at >= ${new Date(answer.from)}`.execute(t.database.db);
    const exact = rows[0]!;
    for (const [value, truth] of [
      [answer.totals.loadMs.median, exact.median],
      [answer.totals.loadMs.p95, exact.p95],
    ] as const) {
      expect(Math.abs(value! - truth)).toBeLessThanOrEqual(Math.max(1, truth / 32));
    }
  });

  it('follow a person’s deletion, deleted and moved rows, and a change of time zone', async () => {
    const person = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'rollup-0-1@example.com')
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('users').where('id', '=', person.id).execute();
    // Rows taken out of the log, and rows moved a day back, are taken out of the rollups too.
    await t.database.db
      .deleteFrom('report_usage')
      .where(sql<boolean>`id % 17 = 0`)
      .execute();
    await t.database.db
      .updateTable('report_usage')
      .set({ at: sql`at - interval '1 day'` })
      .where(sql<boolean>`id % 13 = 0`)
      .execute();
    await t.database.db
      .updateTable('tenants')
      .set({ time_zone: 'America/St_Johns' })
      .where('id', '=', cast.tenantA.id)
      .execute();
    await expectEveryViewEqual();
  });

  it('are rebuilt from the usage log to the same rows', async () => {
    const snapshot = async () => ({
      people: await t.database.db
        .selectFrom('usage_person_days')
        .select(['tenant_id', 'report_id', 'user_id', 'views', 'last_at'])
        .select(sql<string>`utc_day::text || ' ' || local_day::text`.as('days'))
        .execute(),
      latency: await t.database.db
        .selectFrom('usage_latency_days')
        .select(['scope', 'tenant_id', 'report_id', 'bucket', 'loads', 'renders'])
        .select(sql<string>`utc_day::text || ' ' || local_day::text`.as('days'))
        .where((eb) => eb.or([eb('loads', '>', 0), eb('renders', '>', 0)]))
        .execute(),
    });
    const canonical = (value: Awaited<ReturnType<typeof snapshot>>) => ({
      people: value.people.map((row) => JSON.stringify(row)).sort(),
      latency: value.latency.map((row) => JSON.stringify(row)).sort(),
    });
    const before = canonical(await snapshot());
    await t.database.db.deleteFrom('usage_person_days').execute();
    await t.database.db.deleteFrom('usage_latency_days').execute();
    expect((await analytics(cast.superAdmin.token, 'days=90')).totals.views).toBe(0);
    await rebuildUsageRollups(t.database.db);
    expect(canonical(await snapshot())).toEqual(before);
    await expectEveryViewEqual();
  });
});
