import {
  AccessMatrix,
  GroupDetail,
  GroupList,
  Ok,
  type AccessMatrixQuery,
  type CreateGroupRequest,
  type UpdateGroupRequest,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-fetch.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';
import { downloadFile } from '../../../shared/api/download-file.ts';

const base = (tenantId: string) => `/api/tenants/${tenantId}`;

export const groupsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantGroups(tenantId),
    queryFn: async () => (await apiFetch(`${base(tenantId)}/groups`, { schema: GroupList })).groups,
  });

export const groupQuery = (tenantId: string, groupId: string) =>
  queryOptions({
    queryKey: [...queryKeys.tenantGroups(tenantId), groupId],
    queryFn: () => apiFetch(`${base(tenantId)}/groups/${groupId}`, { schema: GroupDetail }),
    retry: false,
  });

/** The whole tenant's matrix (filters apply on screen; the CSV export sends them to the server). */
export const accessMatrixQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.accessMatrix(tenantId),
    queryFn: () => apiFetch(`${base(tenantId)}/access-matrix`, { schema: AccessMatrix }),
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
  const groupUrl = (groupId: string) => `${base(tenantId)}/groups/${groupId}`;
  return {
    create: useMutation({
      mutationFn: (body: CreateGroupRequest) =>
        apiFetch(`${base(tenantId)}/groups`, { method: 'POST', body, schema: GroupDetail }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ groupId, body }: { groupId: string; body: UpdateGroupRequest }) =>
        apiFetch(groupUrl(groupId), { method: 'PATCH', body, schema: GroupDetail }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (groupId: string) =>
        apiFetch(groupUrl(groupId), { method: 'DELETE', schema: Ok }),
      onSettled,
    }),
    member: useMutation({
      mutationFn: ({ groupId, userId, add }: { groupId: string; userId: string; add: boolean }) =>
        apiFetch(`${groupUrl(groupId)}/members/${userId}`, {
          method: add ? 'PUT' : 'DELETE',
          schema: Ok,
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
        apiFetch(`${groupUrl(groupId)}/reports/${encodeURIComponent(reportId)}`, {
          method: grant ? 'PUT' : 'DELETE',
          schema: Ok,
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
  const params = new URLSearchParams();
  if (filters.person) params.set('person', filters.person);
  if (filters.reportId) params.set('reportId', filters.reportId);
  await downloadFile(
    `${base(tenantId)}/access-matrix/export.csv?${params}`,
    (disposition) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'access-matrix.csv',
  );
}
