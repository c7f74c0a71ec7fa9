import type { Integration } from '@canopy/portal-contract';
import type { listIntegrationRows } from './integrations.repository.ts';

type Row = Awaited<ReturnType<typeof listIntegrationRows>>[number];

export const toIntegration = (row: Row): Integration => ({
  id: row.id,
  sourceId: row.source_id,
  sourceName: row.source_name,
  tenantId: row.tenant_id,
  tenantName: row.tenant_name ?? null,
  organisationName: row.external_tenant_name,
  status: row.status,
  fabricDatasetId: row.fabric_dataset_id,
  lastSync: row.last_sync ? row.last_sync.toISOString() : null,
  createdAt: row.created_at.toISOString(),
});
