import { endpoints } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';

export const integrationKeys = {
  sources: ['data-sources'] as const,
  all: ['integrations'] as const,
  /** null: every integration (the unscoped page); else one tenant's. */
  list: (tenantId: string | null) => ['integrations', tenantId ?? 'all'] as const,
};

export const dataSourcesQuery = () =>
  queryOptions({
    queryKey: integrationKeys.sources,
    queryFn: () => call(endpoints.listDataSources),
    // The catalogue is seeded and rarely changes; a failure falls back to the built-in list now.
    staleTime: 5 * 60_000,
    retry: false,
  });

export const integrationsQuery = (tenantId: string | null) =>
  queryOptions({
    queryKey: integrationKeys.list(tenantId),
    queryFn: () =>
      tenantId
        ? call(endpoints.listTenantIntegrations, { params: { tenantId } })
        : call(endpoints.listIntegrations),
  });

/** The provider's authorization URL for this source (and tenant). */
export const initiateOauth = (sourceId: string, tenantId: string | null) =>
  call(endpoints.startIntegrationConnect, {
    body: tenantId ? { sourceId, tenantId } : { sourceId },
  });

/**
 * Every list of integrations shows the change (a tenant's and the unscoped one). Not awaited: the
 * caller's toast must not wait for the reload, which unmounts the row (and with it the callbacks
 * of its `mutate`).
 */
const useRefreshLists = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
  };
};

export function useSyncIntegration() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (integrationId: string) =>
      call(endpoints.syncIntegration, { params: { id: integrationId } }),
    onSettled: refresh,
  });
}

export function useDisconnectIntegration() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (integrationId: string) =>
      call(endpoints.disconnectIntegration, { params: { id: integrationId } }),
    onSuccess: refresh,
  });
}
