import type { Db } from '../../db/database.ts';

export function findSource(db: Db, sourceId: string) {
  return db.selectFrom('data_sources').selectAll().where('id', '=', sourceId).executeTakeFirst();
}

export function listSources(db: Db) {
  return db.selectFrom('data_sources').selectAll().orderBy('sort_order').execute();
}

/** Integrations with their source and tenant names; one tenant's when `tenantId` is given. */
export function listIntegrationRows(db: Db, tenantId?: string) {
  let query = db
    .selectFrom('integrations')
    .innerJoin('data_sources', 'data_sources.id', 'integrations.source_id')
    .leftJoin('tenants', 'tenants.id', 'integrations.tenant_id')
    .select([
      'integrations.id',
      'integrations.source_id',
      'data_sources.name as source_name',
      'integrations.tenant_id',
      'tenants.name as tenant_name',
      'integrations.status',
      'integrations.external_tenant_name',
      'integrations.fabric_dataset_id',
      'integrations.last_sync',
      'integrations.created_at',
    ])
    .orderBy('integrations.created_at', 'desc');
  if (tenantId) query = query.where('integrations.tenant_id', '=', tenantId);
  return query.execute();
}

export function findIntegration(db: Db, id: string) {
  return db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends: one refresher per integration across instances. */
export function lockIntegration(db: Db, id: string) {
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
