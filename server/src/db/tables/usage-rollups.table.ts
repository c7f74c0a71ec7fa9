/**
 * Daily rollups of `report_usage`, kept by a trigger on it (migration 2026_11_29_940001, and
 * docs/decisions/0014-usage-rollups.md). Days are calendar dates: the UTC day and the tenant's own.
 */
export interface UsagePersonDaysTable {
  tenant_id: string | null;
  report_id: string;
  /** Null once the person has been deleted (their views stay, unattributed). */
  user_id: string | null;
  utc_day: Date;
  local_day: Date;
  views: number;
  last_at: Date;
}

/** Load and render times per fixed bucket (usage-latency-buckets.ts) and day. */
export interface UsageLatencyDaysTable {
  /** 0: every tenant and super administrators; 1: one tenant; 2: one report of a tenant. */
  scope: number;
  tenant_id: string | null;
  /** The report for scope 2, '' otherwise. */
  report_id: string;
  utc_day: Date;
  local_day: Date;
  bucket: number;
  loads: number;
  renders: number;
}
