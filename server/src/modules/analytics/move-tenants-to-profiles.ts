import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isAppError } from '../../errors.ts';
import type { AnalyticsGateway } from './analytics-gateway.ts';
import {
  createTenantProfile,
  findTenantProfile,
  grantProfile,
  tenantProfileName,
} from './analytics-profiles.ts';

export interface ProfileMoveOptions {
  /** Say what would be done, call nothing, change nothing. */
  dryRun?: boolean;
  /**
   * Leave the service principal in the tenants' workspaces (a way back while trying profiles).
   * By default it leaves them: only then do they stop counting against its workspace limit.
   */
  keepPrincipal?: boolean;
  /** One line per tenant, as it is done. */
  report?: (line: string) => void;
}

export interface ProfileMoveResult {
  /** Tenants given a profile in this run. */
  moved: number;
  /** Tenants that had one; the principal was taken out of their workspace where it still was. */
  checked: number;
  /** Tenants whose step failed (the run goes on with the next; running again resumes). */
  failed: number;
}

interface GroupUserJson {
  identifier: string;
  profile?: { id: string };
}

/**
 * Moves tenants whose workspace still belongs to the service principal (made before profiles, or
 * with CANOPY_ANALYTICS_PROFILES=off) to a profile of their own, following Microsoft's migration
 * path for profiles: the principal creates the profile, makes it a Viewer of the template and an
 * Admin of the tenant's existing workspace (a profile sees no workspace it was not added to), the
 * tenant row records it — from then on every call for the tenant acts as the profile — and last
 * the profile takes the principal out of the workspace.
 *
 * Safe to run again at any point: a profile made by a run that stopped before recording it is
 * found by its name and reused, granting twice changes nothing, and tenants that already have a
 * profile are only checked for a principal still in their workspace.
 */
export async function moveTenantsToProfiles(
  db: Kysely<Database>,
  gateway: AnalyticsGateway,
  options: ProfileMoveOptions = {},
): Promise<ProfileMoveResult> {
  const report = options.report ?? (() => undefined);
  const principal = gateway.servicePrincipal();
  const { clientId, template } = gateway.settings;
  const tenants = await db
    .selectFrom('tenants')
    .select(['id', 'name', 'power_bi_group_id', 'analytics_profile_id'])
    .where('power_bi_group_id', 'is not', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const result: ProfileMoveResult = { moved: 0, checked: 0, failed: 0 };

  /** As the tenant's profile: takes the principal's own entry out of the workspace, if any. */
  const dropPrincipal = async (powerBiGroupId: string, profileId: string) => {
    if (options.keepPrincipal) return false;
    const asProfile = principal.asProfile(profileId);
    const { value } = await asProfile.get<{ value: GroupUserJson[] }>(
      `/groups/${powerBiGroupId}/users`,
    );
    if (!value.some((user) => !user.profile && user.identifier === clientId)) return false;
    await asProfile.delete(`/groups/${powerBiGroupId}/users/${encodeURIComponent(clientId)}`);
    return true;
  };

  for (const tenant of tenants) {
    const powerBiGroupId = tenant.power_bi_group_id ?? '';
    const label = `${tenant.name} (${tenant.id})`;
    try {
      if (tenant.analytics_profile_id) {
        result.checked += 1;
        if (options.dryRun) continue;
        if (await dropPrincipal(powerBiGroupId, tenant.analytics_profile_id)) {
          report(`${label}: took the service principal out of workspace ${powerBiGroupId}`);
        }
        continue;
      }
      if (options.dryRun) {
        report(`${label}: would get profile "${tenantProfileName(tenant)}"`);
        result.moved += 1;
        continue;
      }
      const profileId =
        (await findTenantProfile(principal, tenant)) ??
        (await createTenantProfile(principal, tenant));
      await grantProfile(principal, template.powerBiGroupId, profileId, 'Viewer');
      await grantProfile(principal, powerBiGroupId, profileId, 'Admin');
      await db
        .updateTable('tenants')
        .set({ analytics_profile_id: profileId, updated_at: new Date() })
        .where('id', '=', tenant.id)
        .where('analytics_profile_id', 'is', null)
        .execute();
      const dropped = await dropPrincipal(powerBiGroupId, profileId);
      report(
        `${label}: profile ${profileId} is Admin of workspace ${powerBiGroupId}${dropped ? '; the service principal left it' : ''}`,
      );
      result.moved += 1;
    } catch (error) {
      result.failed += 1;
      const reason = isAppError(error) ? `${error.code}: ${error.message}` : String(error);
      report(`${label}: FAILED (${reason}); running the command again resumes here`);
    }
  }
  return result;
}
