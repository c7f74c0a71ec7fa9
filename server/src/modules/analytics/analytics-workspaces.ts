import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceProvisioner } from '../tenants/workspace-provisioner.ts';
import type { AnalyticsClient } from './analytics-client.ts';

interface ReportJson {
  id: string;
  name: string;
}

/**
 * The real WorkspaceProvisioner: a tenant's workspace "<tenant name> - <year>" made through the
 * Groups API, the service principal granted Admin on it, and a clone of every template report
 * (Clone Report) in it. The clones stay bound to the template's shared dataset, whose row-level
 * security keeps each tenant to its own rows (see docs/portal-operations.md "Analytics"). When any
 * step fails, the workspace is deleted again before the error propagates, so the tenant's
 * transaction rolls back with nothing left behind upstream.
 */
export function analyticsWorkspaces(
  client: AnalyticsClient,
  options: { deleteWorkspaces: boolean; log: FastifyBaseLogger },
): WorkspaceProvisioner {
  const { template, clientId } = client.settings;
  return {
    async create(tenant) {
      const name = `${tenant.name} - ${new Date().getUTCFullYear()}`;
      const group = await client.post<{ id: string }>('/groups?workspaceV2=true', { name });
      try {
        // The creator is already Admin in the service; granting it explicitly keeps the
        // workspace usable if the workspace is later created by someone else's hand.
        await client.post(`/groups/${group.id}/users`, {
          identifier: clientId,
          principalType: 'App',
          groupUserAccessRight: 'Admin',
        });
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
      return { powerBiGroupId: group.id };
    },
    async remove(powerBiGroupId) {
      if (!options.deleteWorkspaces) return;
      await client.delete(`/groups/${powerBiGroupId}`);
    },
  };
}
