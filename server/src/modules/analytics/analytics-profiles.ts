import type { AnalyticsClient } from './analytics-client.ts';

/**
 * A tenant's service principal profile: the identity its workspace belongs to and every call for
 * it is made as (analytics-gateway.ts). These are the service principal's own calls: only it may
 * create and delete its profiles, and only a member of the template workspace can share it.
 */

/**
 * The profile's display name: the tenant's name, then its id. The service wants display names
 * unique per principal and at most 200 characters; tenant names are neither unique nor that short
 * with the id added, so the name is cut first and the id always stays whole.
 */
export function tenantProfileName(tenant: { id: string; name: string }): string {
  const suffix = ` (${tenant.id})`;
  return `${tenant.name.trim().slice(0, 200 - suffix.length)}${suffix}`;
}

/** Creates the tenant's profile and returns its id. */
export async function createTenantProfile(
  principal: AnalyticsClient,
  tenant: { id: string; name: string },
): Promise<string> {
  const created = await principal.post<{ id: string }>('/profiles', {
    displayName: tenantProfileName(tenant),
  });
  return created.id;
}

/** The tenant's profile made earlier under the same name (a run that stopped half-way), if any. */
export async function findTenantProfile(
  principal: AnalyticsClient,
  tenant: { id: string; name: string },
): Promise<string | undefined> {
  const quoted = tenantProfileName(tenant).replaceAll("'", "''");
  const { value } = await principal.get<{ value: { id: string }[] }>(
    `/profiles?$filter=${encodeURIComponent(`displayName eq '${quoted}'`)}`,
  );
  return value[0]?.id;
}

/**
 * Gives the profile a role in a workspace the principal manages: Viewer on the template (its
 * reports are cloned from there and their shared dataset is read and embedded from there), Admin
 * on a tenant workspace the principal made before profiles (the migration).
 */
export async function grantProfile(
  principal: AnalyticsClient,
  powerBiGroupId: string,
  profileId: string,
  role: 'Admin' | 'Viewer',
): Promise<void> {
  await principal.post(`/groups/${powerBiGroupId}/users`, {
    identifier: principal.settings.clientId,
    principalType: 'App',
    groupUserAccessRight: role,
    profile: { id: profileId },
  });
}

/**
 * Deletes the profile. The service removes its access everywhere with it; its workspaces stay
 * (callers delete or hand them back first).
 */
export async function deleteTenantProfile(
  principal: AnalyticsClient,
  profileId: string,
): Promise<void> {
  await principal.delete(`/profiles/${profileId}`);
  principal.forgetProfile(profileId);
}
