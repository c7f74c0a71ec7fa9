import type { TenantSettings, UpdateTenantSettingsRequest } from '@canopy/portal-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { auditChange, definedFields } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { isTenantAdmin, tenantScope, type Principal } from '../../shared/principal.ts';
import { isTimeZone } from '../../shared/time-zone.ts';
import { ensureStoredLogo } from '../storage/logos.service.ts';
import { toTenantSettings } from './tenant-dto.ts';
import { updateTenant } from './tenants.repository.ts';
import { findScopedTenant } from './tenants.service.ts';

/** A tenant's branding, for its members and for super administrators. */
export async function getTenantSettings(
  db: Kysely<Database>,
  principal: Principal,
  tenantId: string,
): Promise<TenantSettings> {
  return toTenantSettings(await findScopedTenant(db, principal, tenantId));
}

/**
 * Changes a tenant's branding. Only that tenant's Admin may (super administrators edit branding
 * through the tenant itself, PUT /api/admin/tenants/{id}).
 */
export async function updateTenantSettings(
  db: Kysely<Database>,
  actor: Actor,
  tenantId: string,
  input: UpdateTenantSettingsRequest,
): Promise<TenantSettings> {
  if (!isTenantAdmin(actor.principal)) throw new AppError('FORBIDDEN');
  const scoped = tenantScope(actor.principal, tenantId);
  if (input.timeZone !== undefined && !isTimeZone(input.timeZone)) {
    throw new AppError('UNKNOWN_TIME_ZONE');
  }
  const changes = {
    logo_url: input.logoUrl,
    primary_color: input.primaryColor.toLowerCase(),
    theme: input.theme,
    time_zone: input.timeZone,
  };
  await ensureStoredLogo(db, input.logoUrl);
  const row = await db.transaction().execute(async (trx) => {
    const updated = await updateTenant(trx, scoped, changes);
    if (!updated) throw new AppError('TENANT_NOT_FOUND');
    await auditChange(trx, actor, {
      action: 'settings.update',
      tenantId: scoped,
      target: `tenant:${scoped}`,
      details: definedFields(changes),
    });
    return updated;
  });
  return toTenantSettings(row);
}
