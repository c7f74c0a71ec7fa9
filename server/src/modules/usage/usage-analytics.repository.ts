import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { addToHistogram, histogramPercentile, type Histogram } from './usage-latency-buckets.ts';

/**
 * The usage aggregates behind `GET /api/analytics/usage`, read from the daily rollups of the usage
 * log (usage_person_days, usage_latency_days; docs/decisions/0014-usage-rollups.md) rather than
 * from the log itself: a window costs its days, not every view in them. The answers are the ones a
 * scan of `report_usage` from `from` on gives (server/test/routes/analytics/usage-rollups.test.ts
 * compares them), except that percentiles come from fixed buckets (usage-latency-buckets.ts).
 */
export interface UsageWindow {
  /** The instant the window's first day began in `timeZone`. */
  from: Date;
  /** That day, `YYYY-MM-DD`: the rollups are filtered by day, which is the same thing. */
  firstDay: string;
  /** Null: every tenant (super administrators), counted in UTC days. */
  tenantId: string | null;
  /** The IANA zone whose calendar days the per-day counts use (the tenant's, or UTC). */
  timeZone: string;
}

/** The instant a calendar day (`YYYY-MM-DD`) began in an IANA time zone. */
export async function startOfDay(db: Db, date: string, timeZone: string): Promise<Date> {
  const { rows } = await sql<{
    at: Date;
  }>`select (${date}::date::timestamp at time zone ${timeZone}) as at`.execute(db);
  const at = rows[0]?.at;
  if (!at) throw new Error(`no start of ${date} in ${timeZone}`);
  return at;
}

/**
 * Rows of the person rollup in the window: every tenant's by UTC day, one tenant's by its own
 * calendar day (a rollup row's `local_day` is in the tenant's current zone).
 */
function personDaysIn(db: Db, window: UsageWindow) {
  const first = sql<Date>`${window.firstDay}::date`;
  const rows = db.selectFrom('usage_person_days as u');
  return window.tenantId === null
    ? rows.where('u.utc_day', '>=', first)
    : rows.where('u.tenant_id', '=', window.tenantId).where('u.local_day', '>=', first);
}

/** Rows of the latency rollup in the window: everything (scope 0) or the tenant's (scope 1). */
function latencyDaysIn(db: Db, window: UsageWindow, perReport: boolean) {
  const first = sql<Date>`${window.firstDay}::date`;
  const rows = db.selectFrom('usage_latency_days as l');
  if (window.tenantId === null) {
    return rows.where('l.scope', '=', perReport ? 2 : 0).where('l.utc_day', '>=', first);
  }
  return rows
    .where('l.tenant_id', '=', window.tenantId)
    .where('l.scope', '=', perReport ? 2 : 1)
    .where('l.local_day', '>=', first);
}

const views = sql<number>`sum(u.views)::int`;
const viewers = sql<number>`count(distinct u.user_id)::int`;
const lastViewed = sql<Date>`max(u.last_at)`;

export interface PercentileRow {
  load_median: number | null;
  load_p95: number | null;
  render_median: number | null;
  render_p95: number | null;
}

interface BucketRow {
  bucket: number;
  loads: number;
  renders: number;
}

function percentilesOf(rows: readonly BucketRow[]): PercentileRow {
  const loads = new Map<number, number>();
  const renders = new Map<number, number>();
  for (const row of rows) {
    addToHistogram(loads, row.bucket, row.loads);
    addToHistogram(renders, row.bucket, row.renders);
  }
  const of = (histogram: Histogram, share: number) => histogramPercentile(histogram, share);
  return {
    load_median: of(loads, 0.5),
    load_p95: of(loads, 0.95),
    render_median: of(renders, 0.5),
    render_p95: of(renders, 0.95),
  };
}

const bucketSums = [
  'l.bucket',
  sql<number>`sum(l.loads)::int`.as('loads'),
  sql<number>`sum(l.renders)::int`.as('renders'),
] as const;

export async function usageTotals(db: Db, window: UsageWindow) {
  const [buckets, people] = await Promise.all([
    latencyDaysIn(db, window, false).select(bucketSums).groupBy('l.bucket').execute(),
    personDaysIn(db, window).select(viewers.as('viewers')).executeTakeFirstOrThrow(),
  ]);
  return {
    views: buckets.reduce((sum, row) => sum + row.loads, 0),
    viewers: people.viewers,
    ...percentilesOf(buckets),
  };
}

/** Views per calendar day; days without views are absent (the service fills them in). */
export async function usagePerDay(db: Db, window: UsageWindow) {
  const day = window.tenantId === null ? sql`l.utc_day` : sql`l.local_day`;
  return latencyDaysIn(db, window, false)
    .select([
      sql<string>`to_char(${day}, 'YYYY-MM-DD')`.as('date'),
      sql<number>`sum(l.loads)::int`.as('views'),
    ])
    .groupBy(day)
    .execute();
}

/**
 * A join kept inside the window's tenant: a tenant's figures name only its own reports and people.
 * A usage row naming another tenant's report (the beacon refuses those now; older rows may remain)
 * then shows its id alone, never that report's name or tenant.
 */
const withinWindow = (tenantColumn: 'r.tenant_id' | 'p.tenant_id', window: UsageWindow) =>
  window.tenantId === null
    ? sql<boolean>`true`
    : sql<boolean>`${sql.ref(tenantColumn)} = ${window.tenantId}`;

/** Per report opened in the window, with its name and tenant as they are today. */
export async function usagePerReport(db: Db, window: UsageWindow) {
  const perReport = personDaysIn(db, window)
    .select([
      'u.report_id',
      views.as('views'),
      viewers.as('viewers'),
      lastViewed.as('last_viewed_at'),
    ])
    .groupBy('u.report_id');
  const [rows, buckets] = await Promise.all([
    db
      .selectFrom(perReport.as('a'))
      .leftJoin('reports as r', (join) =>
        join.onRef('r.id', '=', 'a.report_id').on(withinWindow('r.tenant_id', window)),
      )
      .leftJoin('tenants as t', 't.id', 'r.tenant_id')
      .selectAll('a')
      .select(['r.name', 'r.tenant_id', 't.name as tenant_name'])
      .orderBy('a.views', 'desc')
      .orderBy('a.report_id')
      .execute(),
    latencyDaysIn(db, window, true)
      .select(['l.report_id', ...bucketSums])
      .groupBy(['l.report_id', 'l.bucket'])
      .execute(),
  ]);
  const bucketsOf = new Map<string, BucketRow[]>();
  for (const row of buckets) {
    const list = bucketsOf.get(row.report_id) ?? [];
    list.push(row);
    bucketsOf.set(row.report_id, list);
  }
  return rows.map((row) => ({ ...row, ...percentilesOf(bucketsOf.get(row.report_id) ?? []) }));
}

export async function usagePerTenant(db: Db, window: UsageWindow) {
  const perTenant = personDaysIn(db, window)
    .select([
      'u.tenant_id',
      views.as('views'),
      viewers.as('viewers'),
      lastViewed.as('last_viewed_at'),
    ])
    .groupBy('u.tenant_id');
  return db
    .selectFrom(perTenant.as('a'))
    .leftJoin('tenants as t', 't.id', 'a.tenant_id')
    .selectAll('a')
    .select('t.name')
    .orderBy('a.views', 'desc')
    .orderBy('t.name')
    .execute();
}

/** The `limit` people with the most views, and how many people there were in all. */
export async function usagePerPerson(db: Db, window: UsageWindow, limit: number) {
  const perPerson = personDaysIn(db, window)
    .select([
      'u.user_id',
      views.as('views'),
      lastViewed.as('last_viewed_at'),
      sql<number>`(count(*) over ())::int`.as('people'),
    ])
    .groupBy('u.user_id')
    .orderBy('views', 'desc')
    .orderBy('u.user_id')
    .limit(limit);
  return db
    .selectFrom(perPerson.as('a'))
    .leftJoin('users as p', (join) =>
      join.onRef('p.id', '=', 'a.user_id').on(withinWindow('p.tenant_id', window)),
    )
    .leftJoin('tenants as t', 't.id', 'p.tenant_id')
    .selectAll('a')
    .select(['p.first_name', 'p.last_name', 'p.email', 'p.tenant_id', 't.name as tenant_name'])
    .orderBy('a.views', 'desc')
    .orderBy('a.user_id')
    .execute();
}

/**
 * Synchronised reports (of the tenant, or of every tenant) nobody opened in the window, with the
 * last time anyone did before it. A window runs up to now, so "opened in it" is "last opened at or
 * after its start": both are one probe of the `(report_id, last_at)` index per report.
 */
export async function reportsNotOpened(db: Db, window: UsageWindow) {
  const scoped = window.tenantId === null ? sql`true` : sql`u.tenant_id = ${window.tenantId}`;
  let query = db
    .selectFrom('reports as r')
    .innerJoin('tenants as t', 't.id', 'r.tenant_id')
    .select([
      'r.id',
      'r.name',
      'r.tenant_id',
      't.name as tenant_name',
      sql<Date | null>`(select max(u.last_at) from usage_person_days u
        where u.report_id = r.id and ${scoped})`.as('last_viewed_at'),
    ])
    .where(
      sql<boolean>`not exists (select 1 from usage_person_days u
        where u.report_id = r.id and u.last_at >= ${window.from} and ${scoped})`,
    );
  if (window.tenantId !== null) query = query.where('r.tenant_id', '=', window.tenantId);
  return query.orderBy('t.name').orderBy('r.name').orderBy('r.id').execute();
}
