import type { SyncResult } from '@canopy/portal-contract';
import { AppError, isAppError } from '../../errors.ts';
import type { AnalyticsClient } from '../analytics/analytics-client.ts';
import type { AnalyticsGateway } from '../analytics/analytics-gateway.ts';
import { audit } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { scheduleJob } from '../jobs/job-queue.ts';
import { findIntegration } from './integrations.repository.ts';
import { freshAccessToken, type IntegrationDeps } from './integrations.service.ts';

export interface SyncDeps extends IntegrationDeps {
  analytics: AnalyticsGateway | undefined;
}

export const syncJobKind = 'integration.sync';
const table = 'Invoices';
const chunk = 10_000;

/** The push dataset's one table: what a report over invoices needs, nothing personal. */
const invoiceColumns = [
  { name: 'InvoiceID', dataType: 'String' },
  { name: 'InvoiceNumber', dataType: 'String' },
  { name: 'Contact', dataType: 'String' },
  { name: 'Date', dataType: 'DateTime' },
  { name: 'DueDate', dataType: 'DateTime' },
  { name: 'Status', dataType: 'String' },
  { name: 'Total', dataType: 'Double' },
  { name: 'AmountDue', dataType: 'Double' },
  { name: 'CurrencyCode', dataType: 'String' },
] as const;

async function createPushDataset(analytics: AnalyticsClient, powerBiGroupId: string, name: string) {
  const created = await analytics.post<{ id: string }>(
    `/groups/${powerBiGroupId}/datasets?defaultRetentionPolicy=basicFIFO`,
    { name, defaultMode: 'Push', tables: [{ name: table, columns: invoiceColumns }] },
  );
  return created.id;
}

/**
 * Pulls the organisation's invoices from Xero and replaces the rows of the integration's push
 * dataset in the tenant's workspace with them (created on the first sync, and again if it was
 * deleted upstream), then records `fabricDatasetId` and `lastSync`. `actor` is null for scheduled
 * runs. Only Xero accounting is synchronised; XPM answers "coming soon".
 */
/** Sources whose data a sync can load today (the catalogue tells the portal through `canSync`). */
export const SYNCABLE_SOURCES: ReadonlySet<string> = new Set(['xero']);

export async function syncIntegration(
  deps: SyncDeps,
  actor: Actor | null,
  integrationId: string,
): Promise<SyncResult> {
  const row = await findIntegration(deps.db, integrationId);
  if (!row) throw new AppError('INTEGRATION_NOT_FOUND');
  if (!SYNCABLE_SOURCES.has(row.source_id)) {
    throw new AppError('SOURCE_COMING_SOON', {
      message: 'Syncing this integration type is coming soon',
    });
  }
  const tenant = row.tenant_id
    ? await deps.db
        .selectFrom('tenants')
        .select(['id', 'power_bi_group_id', 'analytics_profile_id'])
        .where('id', '=', row.tenant_id)
        .executeTakeFirst()
    : undefined;
  const powerBiGroupId = tenant?.power_bi_group_id;
  if (!tenant || !powerBiGroupId) throw new AppError('INTEGRATION_NO_WORKSPACE');
  if (!deps.analytics || !deps.xero) throw new AppError('ANALYTICS_UNAVAILABLE');
  const analytics = deps.analytics.forTenant(tenant);

  const accessToken = await freshAccessToken(deps, integrationId);
  const invoices = await deps.xero.invoices(accessToken, row.external_tenant_id);
  const rows = invoices.map((invoice) => ({
    InvoiceID: invoice.InvoiceID,
    InvoiceNumber: invoice.InvoiceNumber,
    Contact: invoice.Contact.Name,
    Date: new Date(invoice.Date).toISOString(),
    DueDate: new Date(invoice.DueDate).toISOString(),
    Status: invoice.Status,
    Total: invoice.Total,
    AmountDue: invoice.AmountDue,
    CurrencyCode: invoice.CurrencyCode,
  }));

  const datasetName = `Xero invoices - ${row.external_tenant_name ?? row.external_tenant_id}`;
  let datasetId =
    row.fabric_dataset_id ?? (await createPushDataset(analytics, powerBiGroupId, datasetName));
  const rowsPath = (id: string) => `/groups/${powerBiGroupId}/datasets/${id}/tables/${table}/rows`;
  try {
    await analytics.delete(rowsPath(datasetId));
  } catch (error) {
    if (!isAppError(error) || error.code !== 'ANALYTICS_ENTITY_NOT_FOUND') throw error;
    datasetId = await createPushDataset(analytics, powerBiGroupId, datasetName);
  }
  for (let start = 0; start < rows.length; start += chunk) {
    await analytics.post(rowsPath(datasetId), { rows: rows.slice(start, start + chunk) });
  }

  const lastSync = new Date();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('integrations')
      .set({ fabric_dataset_id: datasetId, last_sync: lastSync, updated_at: lastSync })
      .where('id', '=', integrationId)
      .execute();
    await audit(trx, {
      action: 'integration.sync',
      actor: actor?.principal ?? null,
      ip: actor?.ip ?? null,
      tenantId: row.tenant_id,
      target: `integration:${integrationId}`,
      details: { rows: rows.length, datasetId, scheduled: actor === null },
    });
  });
  return { rows: rows.length, fabricDatasetId: datasetId, lastSync: lastSync.toISOString() };
}

/** Puts the integration's next scheduled sync on the queue. */
export const scheduleSync = (deps: SyncDeps, integrationId: string, inMinutes: number) =>
  scheduleJob(deps.db, syncJobKind, integrationId, new Date(Date.now() + inMinutes * 60_000));
