import { endpoints } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';

export interface TenantOverview {
  /** The reports this person may open: all of the tenant's for an Admin, the granted ones else. */
  availableReports: number;
  organizationStatus: string;
  userAccess: string;
}

/**
 * The tenant dashboard's figures, from the same endpoints as the report list, so the count is the
 * one the person sees there. A deliberate improvement over the placeholders the first design had
 * (always 3 reports, after a faked delay): a Viewer with no grants saw 3 and found none.
 * A tenant with no workspace has no reports. A signed-in tenant member's organisation is active
 * (a deactivated tenant's people cannot sign in), so those two cards state facts, not guesses.
 */
export function useTenantOverview(tenantId: string | null) {
  return useQuery({
    queryKey: ['dashboard', 'tenant-overview', tenantId],
    enabled: !!tenantId,
    queryFn: async (): Promise<TenantOverview> => {
      const settings = await call(endpoints.getTenantSettings, {
        params: { tenantId: tenantId ?? '' },
      });
      const reports = settings.powerBiGroupId
        ? (await call(endpoints.listMyReports, { body: { groupId: settings.powerBiGroupId } }))
            .reports
        : [];
      return {
        availableReports: reports.length,
        organizationStatus: 'Active Tenant',
        userAccess: 'Enabled',
      };
    },
  });
}
