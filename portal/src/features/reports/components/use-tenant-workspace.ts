import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../shared/ui/toast-store.ts';
import { tenantSettingsQuery } from '../api/reports-api.ts';

export const NO_WORKSPACE_TEXT = 'No PowerBI workspace configured for this tenant';

/**
 * A tenant user's workspace id, from their tenant's settings. A failure toasts "Failed to fetch
 * tenant info"; without a workspace id, reports are not loaded and an error shows.
 */
export function useTenantWorkspace(tenantId: string | null) {
  const settings = useQuery({ ...tenantSettingsQuery(tenantId ?? ''), enabled: !!tenantId });
  const groupId = settings.data?.powerBiGroupId ?? null;
  const noWorkspace = settings.isSuccess && !groupId;
  useEffect(() => {
    if (settings.isError) toast.error('Failed to fetch tenant info');
  }, [settings.isError]);
  useEffect(() => {
    if (noWorkspace) toast.error(NO_WORKSPACE_TEXT);
  }, [noWorkspace]);
  return {
    groupId,
    pending: !!tenantId && settings.isPending,
    failed: settings.isError,
    noWorkspace,
  };
}
