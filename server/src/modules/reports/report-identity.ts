import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { AnalyticsClient } from '../analytics/analytics-client.ts';
import { datasetIsolation } from './dataset-isolation.ts';
import { tenantDataKey } from './tenant-data-keys.ts';

export interface EffectiveIdentity {
  username: string;
  roles: string[];
  datasets: string[];
}

/**
 * The row-level-security identity a tenant's person opens a report with, the same for an embed
 * token and for an export mailed to them, so a mail shows exactly what the person sees embedded.
 * A dataset with row-level security gets the tenant's data key under the configured RLS role (the
 * cloud refuses an identity for a dataset without roles). A dataset without it is opened as is
 * only when it lives in the tenant's own workspace: one shared with other tenants would show them
 * all, so that report is refused (409 REPORT_DATASET_SHARED).
 */
export async function reportIdentities(
  db: Db,
  analytics: AnalyticsClient,
  tenantId: string,
  report: { power_bi_group_id: string; dataset_id: string | null },
): Promise<EffectiveIdentity[]> {
  if (!report.dataset_id) return [];
  const isolation = await datasetIsolation(analytics, report.dataset_id, [
    report.power_bi_group_id,
    analytics.settings.template.powerBiGroupId,
  ]);
  if (isolation && !isolation.identityRequired) {
    if (isolation.powerBiGroupId !== report.power_bi_group_id) {
      throw new AppError('REPORT_DATASET_SHARED');
    }
    return [];
  }
  return [
    {
      username: await tenantDataKey(db, analytics.settings, tenantId),
      roles: [analytics.settings.rls.role],
      datasets: [report.dataset_id],
    },
  ];
}
