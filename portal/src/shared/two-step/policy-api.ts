import { endpoints } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/api-client.ts';

const policyKey = (tenantId: string) => ['tenants', tenantId, 'security'] as const;

/** Whether the organisation requires two-step verification of its people. */
export const tenantSecurityQuery = (tenantId: string) =>
  queryOptions({
    queryKey: policyKey(tenantId),
    queryFn: () => call(endpoints.getTenantSecurity, { params: { tenantId }, cache: 'no-store' }),
    staleTime: 0,
  });

export function useSaveTenantSecurity(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireMfa: boolean) =>
      call(endpoints.updateTenantSecurity, { params: { tenantId }, body: { requireMfa } }),
    onSuccess: (saved) => queryClient.setQueryData(policyKey(tenantId), saved),
  });
}
