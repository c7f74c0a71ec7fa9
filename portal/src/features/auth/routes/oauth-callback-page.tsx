import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { refreshSession } from '../../../shared/session/token-refresh.ts';
import { Spinner } from '../../../shared/ui/bits.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';

/** Only same-origin paths: an open redirect here would hand a fresh session to another site's page. */
export const safeRedirect = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : '/admin';

/**
 * Spec §2: reads token and redirect (default /admin) from the query string and signs the person in
 * as a superadmin, then goes to the redirect target; without a token, /login. The token is not
 * trusted on its own: the server's OpenID callback also set the HttpOnly refresh cookie, so the
 * session (id, email, type, a fresh access token) comes from POST /api/auth/refresh.
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
    void refreshSession().then((ok) => {
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
