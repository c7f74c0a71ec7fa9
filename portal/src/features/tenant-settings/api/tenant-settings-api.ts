import { endpoints, type UpdateTenantSettingsRequest } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

/** no-store on the settings page: the form must start from what the server has now. */
export const tenantSettingsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantSettings(tenantId),
    queryFn: () => call(endpoints.getTenantSettings, { params: { tenantId }, cache: 'no-store' }),
    staleTime: 0,
  });

export function useSaveTenantSettings(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTenantSettingsRequest) =>
      call(endpoints.updateTenantSettings, { params: { tenantId }, body }),
    // The top bar's branding reads these two queries.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tenantSettings(tenantId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tenant(tenantId) }),
      ]),
  });
}
