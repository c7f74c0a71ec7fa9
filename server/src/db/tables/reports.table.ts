import type { ColumnType, Generated, Selectable } from 'kysely';

export interface ReportsTable {
  /** The report's id in the analytics service. */
  id: string;
  tenant_id: string;
  /** The analytics workspace the report lives in (the tenant's, as `tenants.power_bi_group_id`). */
  power_bi_group_id: string;
  name: string;
  dataset_id: string | null;
  embed_url: string;
  synced_at: ColumnType<Date, Date | undefined, Date>;
}
export type ReportRow = Selectable<ReportsTable>;

export interface ReportGrantsTable {
  user_id: string;
  report_id: string;
  tenant_id: string;
  granted_by: string | null;
  granted_at: Generated<Date>;
}

export interface TenantDataKeysTable {
  tenant_id: string;
  data_key: string;
  created_at: Generated<Date>;
}

export interface ReportUsageTable {
  id: Generated<number>;
  tenant_id: string | null;
  user_id: string | null;
  report_id: string;
  load_ms: number;
  render_ms: number;
  at: Generated<Date>;
  /** The period the beacon counted the view in (see usage.service.ts); null on older rows. */
  view_slot: number | null;
}
