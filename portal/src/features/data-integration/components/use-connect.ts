import type { DataSource } from '@canopy/portal-contract';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast-store.ts';
import { initiateOauth } from '../api/data-integration-api.ts';
import { DI_MESSAGES } from '../rules/messages.ts';
import { connectsByOauth } from '../rules/source-rules.ts';

/** Leaves the SPA for the provider's consent page: a full-page redirect, not a popup. */
export const goTo = (url: string) => window.location.assign(url);

/**
 * Connect on a source card: OAuth 2.0 sources ask the server for the provider's URL and go there;
 * other kinds only say "coming soon". `tenantId` null on the unscoped page means none was chosen:
 * `needTenant` is called instead (a connection without a tenant could never sync).
 */
export function useConnect(tenantId: string | null, needTenant: () => void) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const connect = async (source: DataSource) => {
    if (!connectsByOauth(source)) {
      toast.info(DI_MESSAGES.comingSoon);
      return;
    }
    if (!tenantId) {
      needTenant();
      return;
    }
    setPendingId(source.id);
    try {
      const { authUrl } = await initiateOauth(source.id, tenantId);
      goTo(authUrl);
      // The page is unloading; the button keeps saying "Redirecting..." until it has gone.
    } catch {
      toast.error(DI_MESSAGES.startFailed);
      setPendingId(null);
    }
  };
  return { connect, pendingId };
}
