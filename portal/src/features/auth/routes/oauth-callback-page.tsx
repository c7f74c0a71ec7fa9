import { endpoints } from '@canopy/portal-contract';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../shared/api/api-client.ts';
import { safeReturnPath } from '../../../shared/session/return-path.ts';
import { isRestorable, sessionStore } from '../../../shared/session/session-store.ts';
import { Spinner } from '../../../shared/ui/bits.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';

/** Only same-origin paths: an open redirect here would hand a fresh session to another site's page. */
export const safeRedirect = (value: string | null) => safeReturnPath(value) ?? '/admin';

/**
 * Trades the one-time sign-in ticket of the URL (valid 60 s, single use, not an access token) for a
 * session: `endpoints.exchangeOidcTicket` answers the signed-in person and sets the refresh cookie.
 */
async function exchangeTicket(token: string): Promise<boolean> {
  try {
    const person = await call(endpoints.exchangeOidcTicket, {
      body: { token },
      authenticated: false,
    });
    if (!isRestorable(person)) return false;
    sessionStore.signIn(person);
    return true;
  } catch {
    return false;
  }
}

/**
 * Single sign-on lands here: trades ?token= for a session (super administrators only), then goes
 * to ?redirect= (default /admin); without a token, or for anyone else, /login.
 */
export default function OAuthCallbackPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = search.get('token');
    if (!token) {
      void navigate('/login', { replace: true });
      return;
    }
    void exchangeTicket(token).then((ok) => {
      const state = sessionStore.getState();
      if (ok && state.status === 'signed-in' && state.session.type === 'superadmin') {
        void navigate(safeRedirect(search.get('redirect')), { replace: true });
      } else {
        if (ok) sessionStore.signOut();
        toast.error('Login failed');
        void navigate('/login', { replace: true });
      }
    });
  }, [navigate, search]);
  return (
    <div className="center-page">
      <div className="inline">
        <Spinner label="" />
        <p>Completing OAuth authentication...</p>
      </div>
    </div>
  );
}
