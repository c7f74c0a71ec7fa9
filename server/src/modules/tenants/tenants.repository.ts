import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import { announceSessionChange } from '../auth/session-changes.ts';
import type { NewTenantRow, TenantRow, TenantUpdate } from '../../db/tables/tenants.table.ts';

export function listTenants(db: Db): Promise<TenantRow[]> {
  return db.selectFrom('tenants').selectAll().orderBy('name').orderBy('id').execute();
}

export function findTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
}

export function insertTenant(db: Db, values: NewTenantRow): Promise<TenantRow> {
  return db.insertInto('tenants').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Updates a tenant; a status change reaches every instance's cached sessions of its people. */
export function updateTenant(
  db: Db,
  tenantId: string,
  values: Omit<TenantUpdate, 'id' | 'created_at' | 'updated_at'>,
): Promise<TenantRow | undefined> {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('tenants')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', tenantId)
      .returningAll()
      .executeTakeFirst();
    if (updated && values.status !== undefined)
      await announceSessionChange(trx, { tenant: tenantId });
    return updated;
  });
}

/** Deletes the tenant; the foreign keys cascade to everything it owns, its people's sessions too. */
export async function deleteTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  return inTransaction(db, async (trx) => {
    const deleted = await trx
      .deleteFrom('tenants')
      .where('id', '=', tenantId)
      .returningAll()
      .executeTakeFirst();
    if (deleted) await announceSessionChange(trx, { tenant: tenantId });
    return deleted;
  });
}
