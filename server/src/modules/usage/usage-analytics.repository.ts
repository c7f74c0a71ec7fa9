import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The usage aggregates behind `GET /api/analytics/usage`, each one query over `report_usage` rows
 * at or after `from`, of one tenant or of all. Every query reads the rows through an index on
 * `at` (all tenants) or `(tenant_id, at)` (one tenant); see server/bench/usage-analytics.ts.
 */
export interface UsageWindow {
  from: Date;
  /** Null: every tenant (super administrators). */
  tenantId: string | null;
  /** The IANA zone whose calendar days the per-day counts use. */
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

function usageIn(db: Db, window: UsageWindow) {
  let rows = db.selectFrom('report_usage as u').where('u.at', '>=', window.from);
  if (window.tenantId !== null) rows = rows.where('u.tenant_id', '=', window.tenantId);
  return rows;
}

// Ordered-set aggregates: the value below which a share of the rows fall, interpolated between
// the two nearest rows (what spreadsheets call PERCENTILE.INC).
const percentile = (share: number, column: 'load_ms' | 'render_ms') =>
  sql<
    number | null
  >`percentile_cont(${sql.lit(share)}) within group (order by u.${sql.ref(column)})`;
const views = sql<number>`count(*)::int`;
const viewers = sql<number>`count(distinct u.user_id)::int`;
const lastViewed = sql<Date>`max(u.at)`;
/** The calendar day of a view in a zone, as text, so both drivers hand back the same string. */
const dayIn = (timeZone: string) =>
  sql<string>`to_char(u.at at time zone ${timeZone}, 'YYYY-MM-DD')`;

export interface PercentileRow {
  load_median: number | null;
  load_p95: number | null;
  render_median: number | null;
  render_p95: number | null;
}

const percentiles = [
  percentile(0.5, 'load_ms').as('load_median'),
  percentile(0.95, 'load_ms').as('load_p95'),
  percentile(0.5, 'render_ms').as('render_median'),
  percentile(0.95, 'render_ms').as('render_p95'),
] as const;

export async function usageTotals(db: Db, window: UsageWindow) {
  return usageIn(db, window)
    .select([views.as('views'), viewers.as('viewers'), ...percentiles])
    .executeTakeFirstOrThrow();
}

/** Views per calendar day; days without views are absent (the service fills them in). */
export async function usagePerDay(db: Db, window: UsageWindow) {
  // Grouped by position: the zone is a parameter, and the same expression written twice would
  // be two parameters PostgreSQL cannot tell are equal.
  return usageIn(db, window)
    .select([dayIn(window.timeZone).as('date'), views.as('views')])
    .groupBy(sql`1`)
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
  const perReport = usageIn(db, window)
    .select([
      'u.report_id',
      views.as('views'),
      viewers.as('viewers'),
      lastViewed.as('last_viewed_at'),
      ...percentiles,
    ])
    .groupBy('u.report_id');
  return db
    .selectFrom(perReport.as('a'))
    .leftJoin('reports as r', (join) =>
      join.onRef('r.id', '=', 'a.report_id').on(withinWindow('r.tenant_id', window)),
    )
    .leftJoin('tenants as t', 't.id', 'r.tenant_id')
    .selectAll('a')
    .select(['r.name', 'r.tenant_id', 't.name as tenant_name'])
    .orderBy('a.views', 'desc')
    .orderBy('a.report_id')
    .execute();
}

export async function usagePerTenant(db: Db, window: UsageWindow) {
  const perTenant = usageIn(db, window)
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
  const perPerson = usageIn(db, window)
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
 * last time anyone did before it. Both look-ups use the `(report_id, at)` index.
 */
export async function reportsNotOpened(db: Db, window: UsageWindow) {
  const scoped = (tenantColumn: 'u.tenant_id') =>
    window.tenantId === null ? sql`true` : sql`${sql.ref(tenantColumn)} = ${window.tenantId}`;
  let query = db
    .selectFrom('reports as r')
    .innerJoin('tenants as t', 't.id', 'r.tenant_id')
    .select([
      'r.id',
      'r.name',
      'r.tenant_id',
      't.name as tenant_name',
      sql<Date | null>`(select max(u.at) from report_usage u
        where u.report_id = r.id and ${scoped('u.tenant_id')})`.as('last_viewed_at'),
    ])
    .where(
      sql<boolean>`not exists (select 1 from report_usage u
        where u.report_id = r.id and u.at >= ${window.from} and ${scoped('u.tenant_id')})`,
    );
  if (window.tenantId !== null) query = query.where('r.tenant_id', '=', window.tenantId);
  return query.orderBy('t.name').orderBy('r.name').orderBy('r.id').execute();
}
