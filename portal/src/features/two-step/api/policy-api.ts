import { endpoints } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';

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

/** An administrator's reset of a person's second factors (the person signs in with the password alone). */
export const resetPersonMfa = (userId: string) =>
  call(endpoints.resetUserMfa, { params: { id: userId } });
