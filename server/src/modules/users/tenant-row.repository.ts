import type { Db } from '../../db/database.ts';

/*
 * The tenant row as the people rules use it. Read from the table directly (as reports and
 * integrations do), not through the tenants module: that one sits above this one, since creating
 * a tenant invites its first Admin here.
 */

/** Whether the tenant exists (a tenant with nobody in it, or no such tenant). */
export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tenants')
    .select('id')
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The tenant row, locked until the transaction ends: changes to a tenant's Admins serialise on it,
 * so two concurrent demotions cannot both see "another Admin remains".
 */
export function lockTenant(db: Db, tenantId: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('tenants')
    .select('id')
    .where('id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The tenant row, kept from being deleted until the transaction ends (a key-share lock, which
 * other writers of the tenant's people do not wait for): for adding a person to it.
 */
export function holdTenant(db: Db, tenantId: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('tenants')
    .select('id')
    .where('id', '=', tenantId)
    .forKeyShare()
    .executeTakeFirst();
}
