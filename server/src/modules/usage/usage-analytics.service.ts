import {
  ANALYTICS_MAX_PEOPLE,
  type Percentiles,
  type UsageAnalytics,
  type UsageAnalyticsQuery,
} from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { isSuperAdmin, tenantScope, type Principal } from '../../shared/principal.ts';
import { findTenant } from '../tenants/tenants.repository.ts';
import {
  reportsNotOpened,
  startOfDay,
  usagePerDay,
  usagePerPerson,
  usagePerReport,
  usagePerTenant,
  usageTotals,
  type PercentileRow,
  type UsageWindow,
} from './usage-analytics.repository.ts';

const DAY_MS = 86_400_000;

/** Today's calendar date (`YYYY-MM-DD`) in a time zone. */
function todayIn(now: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/**
 * The calendar days of a window of `days` days ending today in `timeZone`, oldest first, and the
 * instant the first one began there (in UTC, midnight UTC; in a tenant's zone, that zone's
 * midnight, daylight saving time included, which the database works out).
 */
export async function windowDays(
  db: Db,
  now: Date,
  days: number,
  timeZone = 'UTC',
): Promise<{ from: Date; dates: string[] }> {
  const today = Date.parse(`${todayIn(now, timeZone)}T00:00:00Z`);
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const from =
    timeZone === 'UTC'
      ? new Date(today - (days - 1) * DAY_MS)
      : await startOfDay(db, dates[0] ?? '', timeZone);
  return { from, dates };
}

/**
 * The tenant the figures cover: a super administrator's choice (or every tenant); for a tenant
 * Admin always their own, and naming another tenant is refused (403) rather than ignored.
 */
function scopeOf(principal: Principal, requested: string | undefined): string | null {
  if (isSuperAdmin(principal)) return requested ?? null;
  return tenantScope(principal, requested ?? principal.tenantId ?? '');
}

const pair = (median: number | null, p95: number | null): Percentiles => ({ median, p95 });
const loadOf = (row: PercentileRow) => pair(row.load_median, row.load_p95);
const renderOf = (row: PercentileRow) => pair(row.render_median, row.render_p95);

/** Views per day, report, tenant and person over the last 7, 30 or 90 days. */
export async function readUsageAnalytics(
  db: Db,
  principal: Principal,
  query: UsageAnalyticsQuery,
  now = new Date(),
): Promise<UsageAnalytics> {
  const tenantId = scopeOf(principal, query.tenantId);
  const tenant = tenantId === null ? undefined : await findTenant(db, tenantId);
  if (tenantId !== null && !tenant) throw new AppError('TENANT_NOT_FOUND');
  // One tenant's days are its own calendar days; every tenant's together, UTC days.
  const timeZone = tenant?.time_zone ?? 'UTC';
  const days = Number(query.days);
  const { from, dates } = await windowDays(db, now, days, timeZone);
  const window: UsageWindow = { from, firstDay: dates[0] ?? '', tenantId, timeZone };

  const [totals, perDay, reports, tenants, people, notOpened] = await Promise.all([
    usageTotals(db, window),
    usagePerDay(db, window),
    usagePerReport(db, window),
    usagePerTenant(db, window),
    usagePerPerson(db, window, ANALYTICS_MAX_PEOPLE),
    reportsNotOpened(db, window),
  ]);

  const viewsOn = new Map(perDay.map((row) => [row.date, row.views]));
  return {
    days,
    tenantId,
    timeZone,
    from: from.toISOString(),
    to: now.toISOString(),
    totals: {
      views: totals.views,
      viewers: totals.viewers,
      loadMs: loadOf(totals),
      renderMs: renderOf(totals),
    },
    series: dates.map((date) => ({ date, views: viewsOn.get(date) ?? 0 })),
    reports: reports.map((row) => ({
      reportId: row.report_id,
      name: row.name,
      tenantId: row.tenant_id,
      tenantName: row.tenant_name,
      views: row.views,
      viewers: row.viewers,
      loadMs: loadOf(row),
      renderMs: renderOf(row),
      lastViewedAt: row.last_viewed_at.toISOString(),
    })),
    tenants: tenants.map((row) => ({
      tenantId: row.tenant_id,
      name: row.name,
      views: row.views,
      viewers: row.viewers,
      lastViewedAt: row.last_viewed_at.toISOString(),
    })),
    people: people.map((row) => ({
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      tenantId: row.tenant_id,
      tenantName: row.tenant_name,
      views: row.views,
      lastViewedAt: row.last_viewed_at.toISOString(),
    })),
    peopleCount: people[0]?.people ?? 0,
    notOpened: notOpened.map((row) => ({
      reportId: row.id,
      name: row.name,
      tenantId: row.tenant_id,
      tenantName: row.tenant_name,
      lastViewedAt: row.last_viewed_at?.toISOString() ?? null,
    })),
  };
}
