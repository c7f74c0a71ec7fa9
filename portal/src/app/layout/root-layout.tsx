import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { useAuthState } from '../../shared/session/use-session.ts';
import { ConfirmHost } from '../../shared/ui/confirm.tsx';
import { Spinner } from '../../shared/ui/bits.tsx';
import { toast } from '../../shared/ui/toast-store.ts';
import { Toaster } from '../../shared/ui/toaster.tsx';

/** The full-screen "Loading..." overlay shows for 400 ms on every path change. */
export const OVERLAY_MS = 400;

const queryClient = createQueryClient();

function LoadingOverlay() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // Not on the first paint: only a change of path (the first load has its own skeletons).
    if (first.current === pathname) return;
    first.current = pathname;
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  if (!visible) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay">
      <div className="loading-overlay__box" role="status">
        <Spinner label="" />
        Loading...
      </div>
    </div>
  );
}

/** Tells the person why they were signed out ("Session expired" after a 401) and drops cached data. */
function SignOutNotice() {
  const state = useAuthState();
  const previous = useRef(state.status);
  useEffect(() => {
    const was = previous.current;
    previous.current = state.status;
    if (state.status !== 'signed-out') return;
    // Only leaving a session drops the cache. Finding at start-up that nobody is signed in must
    // not: it would wipe the sign-in page's own queries in flight (the support address).
    if (was === 'signed-in') queryClient.clear();
    if (state.reason) toast.error(state.reason);
  }, [state]);
  return null;
}

/** Everything every route shares: the query client, toasts, confirmations and the overlay. */
export function RootLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <LoadingOverlay />
      <SignOutNotice />
      <ConfirmHost />
      <Toaster />
    </QueryClientProvider>
  );
}
