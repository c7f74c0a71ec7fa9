import {
  endpoints,
  type AccessMatrixQuery,
  type CreateGroupRequest,
  type UpdateGroupRequest,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, pathOf } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';
import { downloadFile } from '../../../shared/api/download-file.ts';

export const groupsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantGroups(tenantId),
    queryFn: async () => (await call(endpoints.listGroups, { params: { tenantId } })).groups,
  });

export const groupQuery = (tenantId: string, groupId: string) =>
  queryOptions({
    queryKey: [...queryKeys.tenantGroups(tenantId), groupId],
    queryFn: () => call(endpoints.getGroup, { params: { tenantId, id: groupId } }),
    retry: false,
  });

/** The whole tenant's matrix (filters apply on screen; the CSV export sends them to the server). */
export const accessMatrixQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.accessMatrix(tenantId),
    queryFn: () => call(endpoints.getAccessMatrix, { params: { tenantId } }),
    refetchOnMount: 'always',
  });

/** Every change to groups: each one refreshes the groups and the access matrix. */
export function useGroupMutations(tenantId: string) {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tenantGroups(tenantId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.accessMatrix(tenantId) }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: CreateGroupRequest) =>
        call(endpoints.createGroup, { params: { tenantId }, body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ groupId, body }: { groupId: string; body: UpdateGroupRequest }) =>
        call(endpoints.updateGroup, { params: { tenantId, id: groupId }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (groupId: string) =>
        call(endpoints.deleteGroup, { params: { tenantId, id: groupId } }),
      onSettled,
    }),
    member: useMutation({
      mutationFn: ({ groupId, userId, add }: { groupId: string; userId: string; add: boolean }) =>
        call(add ? endpoints.addGroupMember : endpoints.removeGroupMember, {
          params: { tenantId, id: groupId, userId },
        }),
      onSettled,
    }),
    grant: useMutation({
      mutationFn: ({
        groupId,
        reportId,
        grant,
      }: {
        groupId: string;
        reportId: string;
        grant: boolean;
      }) =>
        call(grant ? endpoints.grantGroupReport : endpoints.revokeGroupReport, {
          params: { tenantId, id: groupId, reportId },
        }),
      onSettled,
    }),
  };
}

/** Downloads the server's CSV of the matrix, with the filters on screen. */
export async function downloadAccessMatrixCsv(
  tenantId: string,
  filters: AccessMatrixQuery,
): Promise<void> {
  await downloadFile(
    pathOf(endpoints.exportAccessMatrix, { params: { tenantId }, query: filters }),
    (disposition) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'access-matrix.csv',
  );
}
