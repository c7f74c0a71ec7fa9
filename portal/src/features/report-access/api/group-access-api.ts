import { endpoints } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

/** The tenant's groups with the reports each grants (the same cache entry as the Groups screen). */
export const accessGroupsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantGroups(tenantId),
    queryFn: async () => (await call(endpoints.listGroups, { params: { tenantId } })).groups,
  });

export type GroupAccessChange = { groupId: string; reportId: string; grant: boolean };

/** Grants or revokes a report for a group; the groups and the access matrix are read again. */
export function useGroupAccessMutation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, reportId, grant }: GroupAccessChange) =>
      call(grant ? endpoints.grantGroupReport : endpoints.revokeGroupReport, {
        params: { tenantId, id: groupId, reportId },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tenantGroups(tenantId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accessMatrix(tenantId) }),
      ]),
  });
}
