import {
  BulkInviteResponse,
  Ok,
  User,
  UserList,
  type BulkInviteRequest,
  type CreateUserRequest,
  type RoleName,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-fetch.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

/** The tenant's users may come as a list or as an object with users; both read the same. */
const UsersResponse = z.union([UserList, z.array(User).transform((users) => ({ users }))]);

export const tenantUsersQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantUsers(tenantId),
    queryFn: async () =>
      (await apiFetch(`/api/users/tenant/${tenantId}`, { schema: UsersResponse })).users,
  });

/** After a role save the list is reloaded after a 500 ms wait. */
export const RELOAD_AFTER_ROLE_MS = 500;

export function useUserMutations(tenantId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tenantUsers(tenantId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.userCount }),
    ]);
  const create = useMutation({
    mutationFn: (body: CreateUserRequest) =>
      apiFetch('/api/users', { method: 'POST', body, schema: User }),
    onSuccess: refresh,
  });
  const updateRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: RoleName }) =>
      apiFetch(`/api/users/${id}`, { method: 'PUT', body: { role }, schema: User }),
    onSuccess: () => {
      setTimeout(() => void refresh(), RELOAD_AFTER_ROLE_MS);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/users/${id}`, { method: 'DELETE', schema: Ok }),
    onSuccess: refresh,
  });
  const inviteMany = useMutation({
    mutationFn: (body: BulkInviteRequest) =>
      apiFetch('/api/users/invitations', { method: 'POST', body, schema: BulkInviteResponse }),
    onSuccess: refresh,
  });
  const resend = useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/users/invitations/${id}`, { method: 'POST', schema: User }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/users/invitations/${id}`, { method: 'DELETE', schema: Ok }),
    onSuccess: refresh,
  });
  return { create, updateRole, remove, inviteMany, resend, revoke };
}
