import type { ColumnType, Generated, Selectable } from 'kysely';

export interface DataSourcesTable {
  id: string;
  name: string;
  description: string;
  icon: string;
  category: string;
  auth_type: string;
  sort_order: number;
}

export interface IntegrationsTable {
  id: Generated<string>;
  tenant_id: string | null;
  source_id: string;
  status: 'active' | 'error' | 'inactive';
  connection_id: string;
  external_tenant_id: string;
  external_tenant_type: string;
  external_tenant_name: string | null;
  scopes: string;
  access_token_enc: string;
  refresh_token_enc: string;
  access_expires_at: Date;
  fabric_dataset_id: string | null;
  last_sync: Date | null;
  last_error: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type IntegrationRow = Selectable<IntegrationsTable>;

export interface OauthStatesTable {
  state_hash: string;
  user_id: string;
  tenant_id: string | null;
  source_id: string;
  code_verifier: string;
  expires_at: Date;
  created_at: Generated<Date>;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  run_at: ColumnType<Date, Date | undefined, Date>;
  locked_until: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
}
