import type { Db } from '../../db/database.ts';
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
  const { count } = await db
    .selectFrom('tenant_data_keys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const key = keys[Number(count) % keys.length] ?? tenantId;
  await db
    .insertInto('tenant_data_keys')
    .values({ tenant_id: tenantId, data_key: key })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const stored = await db
    .selectFrom('tenant_data_keys')
    .select('data_key')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return stored.data_key;
}
