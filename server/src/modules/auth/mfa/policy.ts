import type { Db } from '../../../db/database.ts';

/**
 * Whether a person must use a second factor: a super administrator where the installation says
 * so (on by default in production), anyone else when their tenant requires it.
 */
export async function mustUseSecondFactor(
  deps: { db: Db; superAdminsMustUse: boolean },
  person: { is_super_admin: boolean; tenant_id: string | null },
): Promise<boolean> {
  if (person.is_super_admin) return deps.superAdminsMustUse;
  if (person.tenant_id === null) return false;
  const tenant = await deps.db
    .selectFrom('tenants')
    .select('require_mfa')
    .where('id', '=', person.tenant_id)
    .executeTakeFirst();
  return tenant?.require_mfa ?? false;
}
