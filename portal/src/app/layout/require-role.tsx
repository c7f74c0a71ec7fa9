import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ENROLMENT_PATH, homePath } from '../../shared/session/home-path.ts';
import { signInPath, withReturnPath } from '../../shared/session/return-path.ts';
import { useAuthState } from '../../shared/session/use-session.ts';
import { Spinner } from '../../shared/ui/bits.tsx';

/**
 * While the auth state is unknown (the session is still being restored or refreshed) the guard
 * waits this long, then sends the person to /login.
 */
export const AUTH_WAIT_MS = 3_000;

/**
 * `roles` for a screen no tenant role may open: super administrators only (they pass every
 * guard). Named, because an empty list reads as "nobody".
 */
export const SUPER_ADMINS_ONLY: readonly string[] = [];

export interface RequireRoleProps {
  /**
   * The tenant roles that may open the screen. Super administrators pass whatever the list (see
   * `tenantOnly`), so `SUPER_ADMINS_ONLY` (no tenant role) means super administrators only.
   */
  roles: readonly string[];
  /**
   * A screen about one's own tenant (its dashboard, its settings): a super admin has none, so
   * they go to their home instead of an empty placeholder or a skeleton that never fills.
   */
  tenantOnly?: boolean;
  children: ReactNode;
}

/**
 * The route guard: a super administrator passes (to their home on a `tenantOnly` screen); a
 * tenant person needs one of `roles`; anyone else goes to /login. The signed-out go to /login with
 * the address they opened as `?next=`, and come back to it once signed in. A session
 * that may only set up two-step verification goes to its set-up page, and comes back after.
 */
export function RequireRole({ roles, tenantOnly = false, children }: RequireRoleProps) {
  const state = useAuthState();
  const location = useLocation();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (state.status !== 'unknown') return;
    const timer = setTimeout(() => setGaveUp(true), AUTH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  if (state.status === 'unknown') {
    if (gaveUp) return <Navigate to={signInPath(location)} replace />;
    return (
      <div className="center-page">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  // Signed out (never in, or the session ended): sign in, then back to this very address. Not
  // after signing out on purpose: the next person at this computer starts at their own home.
  if (state.status === 'signed-out')
    return <Navigate to={state.chosen ? '/login' : signInPath(location)} replace />;
  const { session } = state;
  // Set up a second factor first, then on to this page.
  if (session.mfaEnrolmentRequired)
    return (
      <Navigate
        to={withReturnPath(ENROLMENT_PATH, location.pathname + location.search + location.hash)}
        replace
      />
    );
  if (session.type === 'superadmin')
    return tenantOnly ? <Navigate to={homePath(state)} replace /> : <>{children}</>;
  if (session.roles.some((role) => roles.includes(role))) return <>{children}</>;
  return <Navigate to="/login" replace />;
}
