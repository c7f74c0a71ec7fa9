import type { Db } from '../../db/database.ts';
import type { ReportRow } from '../../db/tables/reports.table.ts';

export interface UpstreamReport {
  id: string;
  name: string;
  datasetId: string | null;
  embedUrl: string;
}

export function tenantByPowerBiGroupId(db: Db, powerBiGroupId: string) {
  return db
    .selectFrom('tenants')
    .select(['id', 'name', 'power_bi_group_id', 'analytics_profile_id'])
    .where('power_bi_group_id', '=', powerBiGroupId)
    .executeTakeFirst();
}

export function tenantById(db: Db, tenantId: string) {
  return db
    .selectFrom('tenants')
    .select(['id', 'name', 'power_bi_group_id', 'analytics_profile_id'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
}

export function listTenantReports(db: Db, tenantId: string): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .execute();
}

/** A report of any tenant, by its id (ids are the analytics service's, unique across tenants). */
export function findReport(db: Db, reportId: string): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', reportId).executeTakeFirst();
}

export function findTenantReport(
  db: Db,
  tenantId: string,
  reportId: string,
): Promise<ReportRow | undefined> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', reportId)
    .executeTakeFirst();
}

/**
 * Makes the tenant's rows match the workspace: new reports inserted, changed names, datasets and
 * URLs updated (unchanged rows are left alone, `synced_at` is when a row last changed), reports
 * gone upstream deleted (their grants cascade). Returns what changed.
 */
export async function replaceTenantReports(
  db: Db,
  tenantId: string,
  powerBiGroupId: string,
  upstream: UpstreamReport[],
): Promise<{ added: number; removed: number }> {
  const existing = await listTenantReports(db, tenantId);
  const known = new Set(existing.map((row) => row.id));
  const keep = new Set(upstream.map((report) => report.id));
  const gone = existing.filter((row) => !keep.has(row.id)).map((row) => row.id);
  if (gone.length > 0) {
    await db
      .deleteFrom('reports')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', gone)
      .execute();
  }
  // Only new and changed rows are written: a list read every few seconds by many people must not
  // rewrite a whole workspace's rows each time.
  const stored = new Map(existing.map((row) => [row.id, row]));
  const now = new Date();
  for (const report of upstream) {
    const row = stored.get(report.id);
    if (
      row &&
      row.name === report.name &&
      row.dataset_id === report.datasetId &&
      row.embed_url === report.embedUrl
    ) {
      continue;
    }
    await db
      .insertInto('reports')
      .values({
        id: report.id,
        tenant_id: tenantId,
        power_bi_group_id: powerBiGroupId,
        name: report.name,
        dataset_id: report.datasetId,
        embed_url: report.embedUrl,
        synced_at: now,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          name: report.name,
          dataset_id: report.datasetId,
          embed_url: report.embedUrl,
          synced_at: now,
        }),
      )
      .execute();
  }
  return { added: upstream.filter((report) => !known.has(report.id)).length, removed: gone.length };
}
