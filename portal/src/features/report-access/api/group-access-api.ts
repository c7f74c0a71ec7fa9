import { GroupList, Ok } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-fetch.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

/** The tenant's groups with the reports each grants (the same cache entry as the Groups screen). */
export const accessGroupsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantGroups(tenantId),
    queryFn: async () =>
      (await apiFetch(`/api/tenants/${tenantId}/groups`, { schema: GroupList })).groups,
  });

export type GroupAccessChange = { groupId: string; reportId: string; grant: boolean };

/** Grants or revokes a report for a group; the groups and the access matrix are read again. */
export function useGroupAccessMutation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, reportId, grant }: GroupAccessChange) =>
      apiFetch(
        `/api/tenants/${tenantId}/groups/${groupId}/reports/${encodeURIComponent(reportId)}`,
        { method: grant ? 'PUT' : 'DELETE', schema: Ok },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tenantGroups(tenantId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accessMatrix(tenantId) }),
      ]),
  });
}
