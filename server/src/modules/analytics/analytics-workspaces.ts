import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceProvisioner } from '../tenants/workspace-provisioner.ts';
import type { AnalyticsClient } from './analytics-client.ts';
import type { AnalyticsGateway } from './analytics-gateway.ts';
import { createTenantProfile, deleteTenantProfile, grantProfile } from './analytics-profiles.ts';

interface ReportJson {
  id: string;
  name: string;
}

/**
 * The real WorkspaceProvisioner: a tenant's workspace "<tenant name> - <year>" made through the
 * Groups API with a clone of every template report (Clone Report) in it. The clones stay bound to
 * the template's shared dataset, whose row-level security keeps each tenant to its own rows (see
 * docs/portal-operations.md "Analytics").
 *
 * With profiles on (CANOPY_ANALYTICS_PROFILES), the service principal first creates the tenant's
 * profile and makes it a Viewer of the template workspace; the profile then creates the workspace
 * and clones the reports, so the workspace is the profile's alone. Without, the service principal
 * does all of it and is the workspace's Admin.
 *
 * When any step fails, what was made is deleted again (the workspace, then the profile) before the
 * error propagates, so the tenant's transaction rolls back with nothing left behind upstream.
 */
export function analyticsWorkspaces(
  gateway: AnalyticsGateway,
  options: { deleteWorkspaces: boolean; log: FastifyBaseLogger },
): WorkspaceProvisioner {
  const principal = gateway.servicePrincipal();
  const { template, clientId } = gateway.settings;

  const makeWorkspace = async (client: AnalyticsClient, tenant: { name: string }) => {
    const name = `${tenant.name} - ${new Date().getUTCFullYear()}`;
    const group = await client.post<{ id: string }>('/groups?workspaceV2=true', { name });
    try {
      if (client.profileId === undefined) {
        // The creator is already Admin in the service; granting it explicitly keeps the
        // workspace usable if the workspace is later created by someone else's hand.
        await client.post(`/groups/${group.id}/users`, {
          identifier: clientId,
          principalType: 'App',
          groupUserAccessRight: 'Admin',
        });
      }
      for (const reportId of template.reportIds) {
        const source = await client.get<ReportJson>(
          `/groups/${template.powerBiGroupId}/reports/${reportId}`,
          'report',
        );
        await client.post(`/groups/${template.powerBiGroupId}/reports/${reportId}/Clone`, {
          // The emulator's template is named "(RLS)"; tenants see the plain report name.
          name: source.name.replace(/\s*\(RLS\)$/, ''),
          targetWorkspaceId: group.id,
        });
      }
    } catch (error) {
      await client.delete(`/groups/${group.id}`).catch((cause: unknown) => {
        options.log.warn(
          { err: cause, powerBiGroupId: group.id },
          'could not delete a half-made workspace',
        );
      });
      throw error;
    }
    return group.id;
  };

  return {
    async create(tenant) {
      if (!gateway.profiles) return { powerBiGroupId: await makeWorkspace(principal, tenant) };
      const analyticsProfileId = await createTenantProfile(principal, tenant);
      try {
        await grantProfile(principal, template.powerBiGroupId, analyticsProfileId, 'Viewer');
        const powerBiGroupId = await makeWorkspace(principal.asProfile(analyticsProfileId), tenant);
        return { powerBiGroupId, analyticsProfileId };
      } catch (error) {
        await deleteTenantProfile(principal, analyticsProfileId).catch((cause: unknown) => {
          options.log.warn(
            { err: cause, analyticsProfileId },
            'could not delete the profile of a tenant that was not created',
          );
        });
        throw error;
      }
    },
    async remove(powerBiGroupId, analyticsProfileId) {
      const client = analyticsProfileId ? principal.asProfile(analyticsProfileId) : principal;
      if (options.deleteWorkspaces) {
        await client.delete(`/groups/${powerBiGroupId}`);
      } else if (analyticsProfileId) {
        // A kept workspace would be nobody's once the profile is gone: hand it to the principal.
        await client.post(`/groups/${powerBiGroupId}/users`, {
          identifier: clientId,
          principalType: 'App',
          groupUserAccessRight: 'Admin',
        });
      }
      // Only after the workspace is deleted or handed back: a failure above keeps the profile,
      // the one identity that can still reach the workspace.
      if (analyticsProfileId) await deleteTenantProfile(principal, analyticsProfileId);
    },
  };
}
