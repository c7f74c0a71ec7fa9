import {
  endpoints,
  type BulkInviteRequest,
  type CreateUserRequest,
  type RoleName,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

export const tenantUsersQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantUsers(tenantId),
    queryFn: async () => (await call(endpoints.listTenantUsers, { params: { tenantId } })).users,
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
    mutationFn: (body: CreateUserRequest) => call(endpoints.inviteUser, { body }),
    onSuccess: refresh,
  });
  const updateRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: RoleName }) =>
      call(endpoints.updateUserRole, { params: { id }, body: { role } }),
    onSuccess: () => {
      setTimeout(() => void refresh(), RELOAD_AFTER_ROLE_MS);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(endpoints.deleteUser, { params: { id } }),
    onSuccess: refresh,
  });
  const inviteMany = useMutation({
    mutationFn: (body: BulkInviteRequest) => call(endpoints.inviteUsers, { body }),
    onSuccess: refresh,
  });
  const resend = useMutation({
    mutationFn: (id: string) => call(endpoints.resendInvitation, { params: { id } }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(endpoints.revokeInvitation, { params: { id } }),
    onSuccess: refresh,
  });
  return { create, updateRole, remove, inviteMany, resend, revoke };
}

/** An administrator's reset of a person's second factors (the person signs in with the password alone). */
export const resetPersonMfa = (userId: string) =>
  call(endpoints.resetUserMfa, { params: { id: userId } });
