import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { asService } from '../../db/tenant-context.ts';
import type { AnalyticsSettings } from '../analytics/analytics-settings.ts';

/**
 * The value a tenant's embed tokens give row-level security as the effective identity. Against the
 * cloud it is the tenant id (the shared dataset's tenant column holds it). The emulator's sample
 * data has no tenant column, so each tenant is given one of its countries instead, in turn, and
 * keeps it: two tenants see different rows, and a tenant's figures stay the same across restarts.
 */
export async function tenantDataKey(
  db: Db,
  settings: AnalyticsSettings,
  tenantId: string,
): Promise<string> {
  const keys = settings.rls.sampleKeys;
  if (!keys || keys.length === 0) return tenantId;
  const existing = await db
    .selectFrom('tenant_data_keys')
    .select('data_key')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (existing) return existing.data_key;
  // Keys are handed out in turn by counting the tenants that have one, so two first requests on two
  // instances at once would count the same and share a key — two tenants seeing each other's rows.
  // One transaction-scoped advisory lock makes the count and the insert one step across instances.
  const assign = async (trx: Db) => {
    await sql`select pg_advisory_xact_lock(hashtext('canopy.tenant_data_keys'))`.execute(trx);
    const { count } = await trx
      .selectFrom('tenant_data_keys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '!=', tenantId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('tenant_data_keys')
      .values({ tenant_id: tenantId, data_key: keys[Number(count) % keys.length] ?? tenantId })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .execute();
    const stored = await trx
      .selectFrom('tenant_data_keys')
      .select('data_key')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return stored.data_key;
  };
  // The count spans every tenant: the service path, which row-level security does not limit (in
  // a tenant's scope it would count that tenant's row only and hand out the first key again).
  // A caller's open transaction keeps the scope it was opened in.
  if (db.isTransaction) return assign(db);
  return asService('tenant-data-key', () => db.transaction().execute(assign));
}
