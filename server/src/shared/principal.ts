import type { RoleName } from '@canopy/portal-contract';
import { AppError } from '../errors.ts';

/** The authenticated person behind a request (from the session cache, or the database on a miss). */
export interface Principal {
  userId: string;
  email: string;
  type: 'superadmin' | 'tenant-user';
  /** Null for super administrators. */
  tenantId: string | null;
  roles: RoleName[];
  sessionId: string;
}

export const isSuperAdmin = (p: Principal) => p.type === 'superadmin';
export const isTenantAdmin = (p: Principal) =>
  p.type === 'tenant-user' && p.roles.includes('Admin');

/**
 * The one tenant rule: a super administrator may act on any tenant; everyone else only on their
 * own. Returns the tenant id to scope queries with — taken from the principal when it is a tenant
 * user, so a URL or body can never widen it.
 */
export function tenantScope(principal: Principal, requestedTenantId: string): string {
  if (isSuperAdmin(principal)) return requestedTenantId;
  if (principal.tenantId !== requestedTenantId || principal.tenantId === null) {
    throw new AppError('FORBIDDEN');
  }
  return principal.tenantId;
}

/** Like tenantScope, and the person must also be an Admin of that tenant (or a super admin). */
export function adminTenantScope(principal: Principal, requestedTenantId: string): string {
  const tenantId = tenantScope(principal, requestedTenantId);
  if (!isSuperAdmin(principal) && !isTenantAdmin(principal)) throw new AppError('FORBIDDEN');
  return tenantId;
}
