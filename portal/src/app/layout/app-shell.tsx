import { Outlet } from 'react-router';
import { useApplyBranding } from '../../shared/branding/apply-branding.ts';
import { useBranding } from '../../shared/branding/use-branding.ts';
import type { Session } from '../../shared/session/session-store.ts';
import { useAuthState } from '../../shared/session/use-session.ts';
import { TopBar } from './top-bar.tsx';

/** The signed-in layout: branded top bar and the page. Guards sit on each route inside it. */
export function AppShell() {
  const state = useAuthState();
  // Not signed in: the route's guard decides (wait, or go to /login).
  if (state.status !== 'signed-in') return <Outlet />;
  return <BrandedShell key={state.session.id} session={state.session} />;
}

function BrandedShell({ session }: { session: Session }) {
  const branding = useBranding(session);
  useApplyBranding(branding);
  return (
    <>
      <a className="visually-hidden" href="#main">
        Skip to content
      </a>
      <TopBar session={session} logoUrl={branding.logoUrl} />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
