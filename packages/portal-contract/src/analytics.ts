import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

/**
 * Usage analytics: how often and how fast reports were opened, aggregated on the server from the
 * usage log the SPA's beacon writes (`POST /api/powerbi/usage`).
 */

/** The windows the analytics screen offers, in days (today included, counted in UTC). */
export const ANALYTICS_PERIODS = ['7', '30', '90'] as const;
export const AnalyticsPeriod = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;

/** Most people the per-person table lists (those with the most views); `peopleCount` has all. */
export const ANALYTICS_MAX_PEOPLE = 100;

/** `GET /api/analytics/usage`: super admins may name a tenant; a tenant Admin always gets theirs. */
export const UsageAnalyticsQuery = z.object({
  days: AnalyticsPeriod.default('30'),
  tenantId: Id.optional(),
});
export type UsageAnalyticsQuery = z.infer<typeof UsageAnalyticsQuery>;

/** Milliseconds at the median and the 95th percentile (linear interpolation); null without views. */
export const Percentiles = z.object({
  median: z.number().nullable(),
  p95: z.number().nullable(),
});
export type Percentiles = z.infer<typeof Percentiles>;

export const UsageDay = z.object({
  /** The calendar day, `YYYY-MM-DD`, in the response's `timeZone`. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  views: z.number().int(),
});
export type UsageDay = z.infer<typeof UsageDay>;

export const ReportUsageStats = z.object({
  reportId: z.string(),
  /** The report's name today; null when it is no longer among the tenant's synchronised reports. */
  name: z.string().nullable(),
  tenantId: Id.nullable(),
  tenantName: z.string().nullable(),
  views: z.number().int(),
  /** Distinct people who opened it in the window. */
  viewers: z.number().int(),
  loadMs: Percentiles,
  renderMs: Percentiles,
  lastViewedAt: Timestamp,
});
export type ReportUsageStats = z.infer<typeof ReportUsageStats>;

export const TenantUsageStats = z.object({
  tenantId: Id.nullable(),
  /** Null for views without a tenant (super admins opening a report). */
  name: z.string().nullable(),
  views: z.number().int(),
  viewers: z.number().int(),
  lastViewedAt: Timestamp,
});
export type TenantUsageStats = z.infer<typeof TenantUsageStats>;

export const PersonUsageStats = z.object({
  /** Null once the person has been deleted (their views stay, unattributed). */
  userId: Id.nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  tenantId: Id.nullable(),
  tenantName: z.string().nullable(),
  views: z.number().int(),
  lastViewedAt: Timestamp,
});
export type PersonUsageStats = z.infer<typeof PersonUsageStats>;

/** A synchronised report nobody opened in the window, with when it was last opened before. */
export const UnopenedReport = z.object({
  reportId: z.string(),
  name: z.string(),
  tenantId: Id,
  tenantName: z.string(),
  lastViewedAt: Timestamp.nullable(),
});
export type UnopenedReport = z.infer<typeof UnopenedReport>;

export const UsageAnalytics = z.object({
  days: z.number().int(),
  /** The tenant the figures are about; null for all tenants (super admins only). */
  tenantId: Id.nullable(),
  /** The IANA zone days are counted in: the tenant's for one tenant, UTC for every tenant. */
  timeZone: z.string(),
  /** Start of the first day of the window (inclusive) and the moment the figures were read. */
  from: Timestamp,
  to: Timestamp,
  totals: z.object({
    views: z.number().int(),
    viewers: z.number().int(),
    loadMs: Percentiles,
    renderMs: Percentiles,
  }),
  /** One entry per day of the window, oldest first; days without views are there with 0. */
  series: z.array(UsageDay),
  /** Reports opened in the window, most viewed first. */
  reports: z.array(ReportUsageStats),
  tenants: z.array(TenantUsageStats),
  /** The ANALYTICS_MAX_PEOPLE people with the most views, most first. */
  people: z.array(PersonUsageStats),
  peopleCount: z.number().int(),
  notOpened: z.array(UnopenedReport),
});
export type UsageAnalytics = z.infer<typeof UsageAnalytics>;
