import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useApplyBranding } from '../../shared/branding/apply-branding.ts';
import { useBranding } from '../../shared/branding/use-branding.ts';
import type { Session } from '../../shared/session/session-store.ts';
import { useAuthState } from '../../shared/session/use-session.ts';
import { TopBar } from './top-bar.tsx';

/** Its own chunk: only tenant people download the chat, and never on /login. */
const ChatWidget = lazy(() => import('../../features/chat/chat-widget.tsx'));

/** The team chat is between people of one tenant: its Admins and Viewers, never the super admin. */
const usesChat = (session: Session) =>
  session.type === 'tenant-user' &&
  session.roles.some((role) => ['Admin', 'admin', 'Viewer', 'viewer'].includes(role));

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
      {usesChat(session) && (
        <Suspense fallback={null}>
          <ChatWidget session={session} />
        </Suspense>
      )}
    </>
  );
}
