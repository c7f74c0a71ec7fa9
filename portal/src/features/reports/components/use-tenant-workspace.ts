import { useQuery } from '@tanstack/react-query';
import { tenantSettingsQuery } from '../api/reports-api.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';

export const NO_WORKSPACE_TEXT = 'No PowerBI workspace configured for this tenant';

/**
 * A tenant user's workspace id, from their tenant's settings. A failure toasts "Failed to fetch
 * tenant info"; without a workspace id, reports are not loaded and an error shows.
 */
export function useTenantWorkspace(tenantId: string | null) {
  const settings = useQuery({ ...tenantSettingsQuery(tenantId ?? ''), enabled: !!tenantId });
  const powerBiGroupId = settings.data?.powerBiGroupId ?? null;
  const noWorkspace = settings.isSuccess && !powerBiGroupId;
  useErrorToast(settings.isError, 'Failed to fetch tenant info');
  useErrorToast(noWorkspace, NO_WORKSPACE_TEXT);
  return {
    powerBiGroupId,
    pending: !!tenantId && settings.isPending,
    failed: settings.isError,
    noWorkspace,
  };
}
