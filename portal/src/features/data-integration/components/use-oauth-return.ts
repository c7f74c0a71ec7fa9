import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../shared/ui/toast-store.ts';
import { integrationKeys } from '../api/data-integration-api.ts';
import { readOauthReturn } from '../rules/oauth-return.ts';

/**
 * The browser is back from the provider's consent page: say how it went, then show the same
 * data-integration page without the query, replacing the history entry (Back does not replay it).
 */
export function useOauthReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // StrictMode runs effects twice on mount: one toast per return.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const outcome = readOauthReturn(new URLSearchParams(location.search));
    if (!outcome || handled.current === location.key) return;
    handled.current = location.key;
    if (outcome.kind === 'connected') {
      toast.success(outcome.message);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    } else toast.error(outcome.message);
    void navigate(location.pathname, { replace: true });
  }, [location, navigate, queryClient]);
}
