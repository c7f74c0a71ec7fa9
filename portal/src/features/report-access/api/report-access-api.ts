import { endpoints, type GrantRequest, type RevokeRequest } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

/** The same key as the user screens, so both read one cache entry. */
export const accessUsersQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantUsers(tenantId),
    queryFn: async () => (await call(endpoints.listTenantUsers, { params: { tenantId } })).users,
  });

export const grantsKey = (powerBiGroupId: string) => ['report-grants', powerBiGroupId] as const;

/** Every grant in the workspace; a failed load leaves the modal with an empty list (no retry). */
export const grantsQuery = (powerBiGroupId: string) =>
  queryOptions({
    queryKey: grantsKey(powerBiGroupId),
    queryFn: () => call(endpoints.listReportGrants, { params: { groupId: powerBiGroupId } }),
    staleTime: 0,
    retry: false,
  });

/** Who gets or loses which report, in which tenant's workspace. */
export interface AccessTarget {
  userId: string;
  reportId: string;
  powerBiGroupId: string;
  tenantId: string;
}
export type AccessChange = { grant: boolean; target: AccessTarget };

/** The grant bodies name the workspace `workspaceId`, as the server expects it. */
const grantBody = ({ powerBiGroupId, ...target }: AccessTarget): RevokeRequest => ({
  ...target,
  workspaceId: powerBiGroupId,
});

export function useAccessMutation(powerBiGroupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ grant, target }: AccessChange) =>
      grant
        ? call(endpoints.grantReport, {
            body: { ...grantBody(target), canView: true } satisfies GrantRequest,
          })
        : call(endpoints.revokeReport, { body: grantBody(target) }),
    // The Viewer's report list (another person's) is read fresh by them; here only the grants change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: grantsKey(powerBiGroupId) }),
  });
}
