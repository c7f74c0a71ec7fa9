import type { TenantSecurity } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../shared/actor.ts';
import { adminTenantScope, type Principal } from '../../shared/principal.ts';
import { auditChange } from '../audit/audit.service.ts';
import { findTenant, updateTenant } from './tenants.repository.ts';

/** The organisation's sign-in policy, for its Admins and super administrators. */
export async function getTenantSecurity(
  db: Db,
  principal: Principal,
  tenantId: string,
): Promise<TenantSecurity> {
  const row = await findTenant(db, adminTenantScope(principal, tenantId));
  if (!row) throw new AppError('TENANT_NOT_FOUND');
  return { requireMfa: row.require_mfa };
}

/**
 * Requires two-step verification for the tenant's people, or stops requiring it. It applies at
 * each person's next sign-in (someone without a factor then gets a session restricted to setting
 * one up); sessions already open are left alone. Audited.
 */
export async function updateTenantSecurity(
  db: Db,
  actor: Actor,
  tenantId: string,
  input: TenantSecurity,
): Promise<TenantSecurity> {
  const scoped = adminTenantScope(actor.principal, tenantId);
  return db.transaction().execute(async (trx) => {
    const updated = await updateTenant(trx, scoped, { require_mfa: input.requireMfa });
    if (!updated) throw new AppError('TENANT_NOT_FOUND');
    await auditChange(trx, actor, {
      action: 'settings.mfa_policy',
      tenantId: scoped,
      target: `tenant:${scoped}`,
      details: { requireMfa: input.requireMfa },
    });
    return { requireMfa: updated.require_mfa };
  });
}
