import type { UsageList, UsageReport } from '@canopy/portal-contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { isSuperAdmin, type Principal } from '../../shared/principal.ts';
import { canViewReport } from '../reports/report-access.ts';
import { findReport, findTenantReport } from '../reports/reports.repository.ts';

/**
 * A person's views of one report count once per period of this many seconds: reloading a report,
 * or a script replaying the beacon, adds nothing until the next period. Periods are aligned to the
 * clock (a view at 10:04:59 and one at 10:05:01 are two), which lets a unique index do the
 * counting: at most 12 views an hour per person and report, however many beacons arrive at once.
 */
export const VIEW_SLOT_SECONDS = 300;

/**
 * Records how long a report took to load and render for the signed-in person, as one view. Usage
 * belongs to the tenant: only a report the person may open counts (the rule of report-access.ts),
 * and a report of another tenant, or an id nobody synchronised, is 404 like the embed token's.
 * Super administrators' views are kept without a tenant, so they never show in a tenant's figures.
 */
export async function recordUsage(db: Db, principal: Principal, usage: UsageReport): Promise<void> {
  const tenantId = principal.tenantId;
  if (isSuperAdmin(principal)) {
    if (!(await findReport(db, usage.reportId))) throw new AppError('REPORT_NOT_FOUND');
  } else {
    if (tenantId === null || !(await findTenantReport(db, tenantId, usage.reportId))) {
      throw new AppError('REPORT_NOT_FOUND');
    }
    if (!(await canViewReport(db, principal, tenantId, usage.reportId))) {
      throw new AppError('FORBIDDEN');
    }
  }
  await db
    .insertInto('report_usage')
    .values({
      tenant_id: isSuperAdmin(principal) ? null : tenantId,
      user_id: principal.userId,
      report_id: usage.reportId,
      load_ms: usage.loadMs,
      render_ms: usage.renderMs,
      // The database's clock, the one `at` is stamped with, so the slot and the time agree.
      view_slot: sql<number>`floor(extract(epoch from now()) / ${sql.lit(VIEW_SLOT_SECONDS)})::bigint`,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'report_id', 'view_slot']).doNothing())
    .execute();
}
/** The newest usage entries, optionally of one tenant (super administrators). */
export async function listUsage(
  db: Db,
  query: { tenantId?: string; limit: number },
): Promise<UsageList> {
  let select = db.selectFrom('report_usage').selectAll().orderBy('id', 'desc').limit(query.limit);
  if (query.tenantId) select = select.where('tenant_id', '=', query.tenantId);
  const rows = await select.execute();
  return {
    entries: rows.map((row) => ({
      tenantId: row.tenant_id,
      userId: row.user_id,
      reportId: row.report_id,
      loadMs: row.load_ms,
      renderMs: row.render_ms,
      at: row.at.toISOString(),
    })),
  };
}
