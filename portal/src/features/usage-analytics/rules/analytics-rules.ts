import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type PersonUsageStats,
  type ReportUsageStats,
  type UsageDay,
} from '@canopy/portal-contract';
import { displayName } from '../../../shared/rules/display-name.ts';
import {
  compareOptional,
  compareText,
  directed,
  type ListRules,
} from '../../../shared/rules/list-view.ts';

/** The URL parameters of the analytics screen (the period and, for super admins, the tenant). */
export const PERIOD_PARAM = 'days';
export const TENANT_PARAM = 'tenant';
export const DEFAULT_PERIOD: AnalyticsPeriod = '30';

/** The period a link asks for; anything else (a hand-edited `?days=14`) falls back to 30 days. */
export function readPeriod(params: URLSearchParams): AnalyticsPeriod {
  const value = params.get(PERIOD_PARAM);
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as AnalyticsPeriod)
    : DEFAULT_PERIOD;
}

/**
 * The URL after choosing a period or tenant (null: the default, left out of the URL). A new period
 * or tenant is a new list, so the report table goes back to its first page.
 */
export function withChoice(
  params: URLSearchParams,
  name: typeof PERIOD_PARAM | typeof TENANT_PARAM,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  next.delete('page');
  return next;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "1,234 ms", rounded to the millisecond; a dash when there was nothing to measure. */
export const msText = (value: number | null) =>
  value === null ? '—' : `${integer.format(value)} ms`;

export const countText = (value: number) => integer.format(value);

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_LONG = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A `YYYY-MM-DD` day of the series as "Nov 26" (days are UTC days, so formatted in UTC). */
export const dayText = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));
export const longDayText = (date: string) => DAY_LONG.format(new Date(`${date}T00:00:00Z`));

/** Which days get a label under the chart: every day of a week, every 5th or 15th day else. */
export function labelStep(days: number): number {
  if (days <= 7) return 1;
  return days <= 30 ? 5 : 15;
}

/** What the chart shows, in words: its text alternative for screen readers. */
export function seriesSummary(series: readonly UsageDay[]): string {
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return 'No days to show.';
  const total = series.reduce((sum, day) => sum + day.views, 0);
  const range = `from ${dayText(first.date)} to ${dayText(last.date)}`;
  if (total === 0) return `No report views ${range}.`;
  const peak = series.reduce((best, day) => (day.views > best.views ? day : best), first);
  return `${countText(total)} report ${total === 1 ? 'view' : 'views'} ${range}; the most, ${countText(peak.views)}, on ${dayText(peak.date)}.`;
}

/** A person of the per-person table: their name, else their email, else (deleted) a placeholder. */
export function personText(person: PersonUsageStats): string {
  return person.email ? displayName({ ...person, email: person.email }) : 'Deleted person';
}

/** A report's name, or its id when it is no longer among the synchronised reports. */
export const reportText = (report: Pick<ReportUsageStats, 'name' | 'reportId'>) =>
  report.name ?? report.reportId;

export const REPORT_SORT_KEYS = [
  'name',
  'views',
  'viewers',
  'loadMedian',
  'loadP95',
  'renderMedian',
  'renderP95',
  'lastViewed',
] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];

const byNumber = directed<number>((a, b) => a - b);
const byOptionalNumber = compareOptional<number>((a, b) => a - b);

/** Search by report or tenant name; every column sorts (null percentiles last). */
export const reportListRules: ListRules<ReportUsageStats, ReportSortKey> = {
  searchText: (report) => [reportText(report), report.tenantName],
  compare: {
    name: directed((a, b) => compareText(reportText(a), reportText(b))),
    views: (a, b, direction) => byNumber(a.views, b.views, direction),
    viewers: (a, b, direction) => byNumber(a.viewers, b.viewers, direction),
    loadMedian: (a, b, direction) => byOptionalNumber(a.loadMs.median, b.loadMs.median, direction),
    loadP95: (a, b, direction) => byOptionalNumber(a.loadMs.p95, b.loadMs.p95, direction),
    renderMedian: (a, b, direction) =>
      byOptionalNumber(a.renderMs.median, b.renderMs.median, direction),
    renderP95: (a, b, direction) => byOptionalNumber(a.renderMs.p95, b.renderMs.p95, direction),
    lastViewed: directed((a, b) => a.lastViewedAt.localeCompare(b.lastViewedAt)),
  },
};
