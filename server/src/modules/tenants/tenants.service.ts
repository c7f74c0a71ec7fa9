import type { CreateTenantRequest, Tenant, UpdateTenantRequest } from '@canopy/portal-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';
import { auditChange, definedFields } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { tenantScope, type Principal } from '../../shared/principal.ts';
import { ensureStoredLogo } from '../storage/logos.service.ts';
import type { Storage } from '../storage/storage.ts';
import { toTenant } from './tenant-dto.ts';
import type { TenantRow } from '../../db/tables/tenants.table.ts';
import {
  deleteTenant as deleteTenantRow,
  findTenant,
  insertTenant,
  listTenants,
  updateTenant as updateTenantRow,
} from './tenants.repository.ts';
import { addMember, inviteMember } from '../users/new-member.ts';
import type { InvitationDeps } from '../users/send-invitation.ts';
import type { WorkspaceProvisioner } from './workspace-provisioner.ts';

/**
 * The new tenant's first Admin is invited by mail (`InvitationDeps`); `warn` also takes the
 * best-effort clean-up failures.
 */
export interface TenantDeps extends InvitationDeps {
  db: Kysely<Database>;
  workspaces: WorkspaceProvisioner;
  storage: Storage;
}

export async function getTenants(db: Kysely<Database>): Promise<Tenant[]> {
  return (await listTenants(db)).map(toTenant);
}

/**
 * One tenant. Super administrators read any; a tenant Admin reads only their own (the SPA loads
 * its branding here), anyone else's id is refused like any foreign tenant (403).
 */
export async function getTenant(
  db: Kysely<Database>,
  principal: Principal,
  tenantId: string,
): Promise<Tenant> {
  return toTenant(await findScopedTenant(db, principal, tenantId));
}

/** The tenant row the principal may see (their own, or any for super admins), or 404. */
export async function findScopedTenant(
  db: Kysely<Database>,
  principal: Principal,
  tenantId: string,
): Promise<TenantRow> {
  const row = await findTenant(db, tenantScope(principal, tenantId));
  if (!row) throw new AppError('TENANT_NOT_FOUND');
  return row;
}

/**
 * Creates a tenant, its first Admin (the admin email, invited by mail like any new person) and,
 * when asked, its analytics workspace, in one transaction: if the email already belongs to someone
 * (409 ADMIN_EMAIL_TAKEN), the workspace cannot be made or the invitation cannot be sent, nothing
 * remains; if the commit fails after the workspace was made, it is removed.
 */
export async function createTenant(
  deps: TenantDeps,
  actor: Actor,
  input: CreateTenantRequest,
): Promise<Tenant> {
  await ensureStoredLogo(deps.db, input.logoUrl);
  let powerBiGroupId: string | null = null;
  let analyticsProfileId: string | null = null;
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      let tenant = await insertTenant(trx, {
        name: input.name,
        admin_email: input.adminEmail,
        status: input.status,
        logo_url: input.logoUrl ?? null,
        primary_color: input.primaryColor.toLowerCase(),
        theme: input.theme,
        power_bi_group_id: null,
      });
      // Before the workspace: a taken email is refused without calling the analytics service.
      const admin = {
        email: tenant.admin_email,
        tenantId: tenant.id,
        firstName: null,
        lastName: null,
        role: 'Admin' as const,
      };
      const adminId = await addMember(trx, admin);
      if (input.createPowerBIWorkspace) {
        const made = await deps.workspaces.create({ id: tenant.id, name: tenant.name });
        powerBiGroupId = made.powerBiGroupId;
        analyticsProfileId = made.analyticsProfileId ?? null;
        tenant =
          (await updateTenantRow(trx, tenant.id, {
            power_bi_group_id: powerBiGroupId,
            analytics_profile_id: analyticsProfileId,
          })) ?? tenant;
      }
      await auditChange(trx, actor, {
        action: 'tenant.create',
        tenantId: tenant.id,
        target: `tenant:${tenant.id}`,
        details: {
          name: tenant.name,
          workspace: powerBiGroupId,
          ...(analyticsProfileId ? { analyticsProfile: analyticsProfileId } : {}),
        },
      });
      // Last, so a mail goes out only when everything else has worked.
      await inviteMember(trx, deps, actor, { ...admin, id: adminId });
      return tenant;
    });
    return toTenant(row);
  } catch (error) {
    if (powerBiGroupId) {
      const orphan = powerBiGroupId;
      await deps.workspaces.remove(orphan, analyticsProfileId).catch((cause: unknown) => {
        deps.warn(
          { err: cause, powerBiGroupId: orphan, analyticsProfileId },
          'could not remove the workspace of a tenant that was not created',
        );
      });
    }
    if (isUniqueViolation(error)) throw new AppError('ADMIN_EMAIL_TAKEN');
    throw error;
  }
}

/** Changes a tenant. Fields left out keep their value; `createPowerBIWorkspace` is create-only. */
export async function updateTenant(
  db: Kysely<Database>,
  actor: Actor,
  tenantId: string,
  input: UpdateTenantRequest,
): Promise<Tenant> {
  const changes = {
    name: input.name,
    admin_email: input.adminEmail,
    status: input.status,
    logo_url: input.logoUrl,
    primary_color: input.primaryColor?.toLowerCase(),
    theme: input.theme,
  };
  await ensureStoredLogo(db, input.logoUrl);
  const row = await db.transaction().execute(async (trx) => {
    const updated = await updateTenantRow(trx, tenantId, changes);
    if (!updated) throw new AppError('TENANT_NOT_FOUND');
    await auditChange(trx, actor, {
      action: 'tenant.update',
      tenantId,
      target: `tenant:${tenantId}`,
      details: definedFields(changes),
    });
    return updated;
  });
  return toTenant(row);
}

/**
 * Deletes a tenant with everything it owns — people, their sessions and tokens, report grants,
 * integrations, chat messages, upload records — in one transaction (the foreign keys cascade).
 * Afterwards, best effort: its stored files, its analytics workspace and its profile are removed.
 */
export async function deleteTenant(
  deps: TenantDeps,
  actor: Actor,
  tenantId: string,
): Promise<void> {
  const { row, fileKeys } = await deps.db.transaction().execute(async (trx) => {
    const files = await trx
      .selectFrom('files')
      .select('key')
      .where('tenant_id', '=', tenantId)
      .execute();
    const deleted = await deleteTenantRow(trx, tenantId);
    if (!deleted) throw new AppError('TENANT_NOT_FOUND');
    await auditChange(trx, actor, {
      action: 'tenant.delete',
      tenantId,
      target: `tenant:${tenantId}`,
      details: { name: deleted.name, workspace: deleted.power_bi_group_id },
    });
    return { row: deleted, fileKeys: files.map((f) => f.key) };
  });
  for (const key of fileKeys) {
    await deps.storage.delete(key).catch((cause: unknown) => {
      deps.warn({ err: cause, key }, 'could not remove a file of a deleted tenant');
    });
  }
  if (row.power_bi_group_id) {
    const powerBiGroupId = row.power_bi_group_id;
    const analyticsProfileId = row.analytics_profile_id;
    await deps.workspaces.remove(powerBiGroupId, analyticsProfileId).catch((cause: unknown) => {
      deps.warn(
        { err: cause, powerBiGroupId, analyticsProfileId },
        'could not remove the workspace of a deleted tenant',
      );
    });
  }
}
