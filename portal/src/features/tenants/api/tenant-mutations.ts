import {
  Ok,
  Tenant,
  type CreateTenantRequest,
  type UpdateTenantRequest,
} from '@canopy/portal-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-fetch.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

export type TenantInput = CreateTenantRequest;

export const createTenant = (body: CreateTenantRequest) =>
  apiFetch('/api/admin/tenants', { method: 'POST', body, schema: Tenant });

export const updateTenant = (id: string, body: UpdateTenantRequest) =>
  apiFetch(`/api/admin/tenants/${id}`, { method: 'PUT', body, schema: Tenant });

export const deleteTenant = (id: string) =>
  apiFetch(`/api/admin/tenants/${id}`, { method: 'DELETE', schema: Ok });

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
