import {
  endpoints,
  type CreateTenantRequest,
  type Tenant,
  type UpdateTenantRequest,
} from '@canopy/portal-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

export type TenantInput = CreateTenantRequest;

export const createTenant = (body: CreateTenantRequest) => call(endpoints.createTenant, { body });

export const updateTenant = (id: string, body: UpdateTenantRequest) =>
  call(endpoints.updateTenant, { params: { id }, body });

export const deleteTenant = (id: string) => call(endpoints.deleteTenant, { params: { id } });

/** Saves (create when no id) and refreshes the list, the dashboard figures and the tenant's branding. */
export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TenantInput }) =>
      id ? updateTenant(id, body) : createTenant(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tenants }),
  });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenant: Tenant) => deleteTenant(tenant.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tenants }),
  });
}
