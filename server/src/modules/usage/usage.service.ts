import type { UsageList, UsageReport } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../shared/principal.ts';

/** Records how long a report took to load and render for the signed-in person. */
export async function recordUsage(db: Db, principal: Principal, usage: UsageReport): Promise<void> {
  await db
    .insertInto('report_usage')
    .values({
      tenant_id: principal.tenantId,
      user_id: principal.userId,
      report_id: usage.reportId,
      load_ms: usage.loadMs,
      render_ms: usage.renderMs,
    })
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
