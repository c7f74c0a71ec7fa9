import {
  endpoints,
  User,
  UserList,
  type GrantRequest,
  type RevokeRequest,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../shared/api/api-client.ts';
import { apiFetch } from '../../../shared/api/api-fetch.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

/** The tenant's users may come as a list or as an object with users; both read the same. */
const UsersResponse = z.union([UserList, z.array(User).transform((users) => ({ users }))]);

/** The same key as the user screens, so both read one cache entry. */
export const accessUsersQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantUsers(tenantId),
    queryFn: async () =>
      (await apiFetch(`/api/users/tenant/${tenantId}`, { schema: UsersResponse })).users,
  });

export const grantsKey = (workspaceId: string) => ['report-grants', workspaceId] as const;

/** Every grant in the workspace; a failed load leaves the modal with an empty list (no retry). */
export const grantsQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: grantsKey(workspaceId),
    queryFn: () => call(endpoints.listReportGrants, { params: { groupId: workspaceId } }),
    staleTime: 0,
    retry: false,
  });

export type AccessChange = { grant: boolean; body: RevokeRequest };

export function useAccessMutation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ grant, body }: AccessChange) =>
      grant
        ? call(endpoints.grantReport, { body: { ...body, canView: true } satisfies GrantRequest })
        : call(endpoints.revokeReport, { body }),
    // The Viewer's report list (another person's) is read fresh by them; here only the grants change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: grantsKey(workspaceId) }),
  });
}
