import { endpoints } from '@canopy/portal-contract';
import { pathOf } from '../api/api-client.ts';
import { currentToken, sessionStore } from './session-store.ts';

/**
 * Signs out here at once and asks the server to end the refresh session (and clear its cookie).
 * A plain fetch, not apiFetch: a 401 on the way out must not announce "Session expired".
 */
export function signOut() {
  const token = currentToken();
  void fetch(pathOf(endpoints.signOut), {
    method: endpoints.signOut.method,
    credentials: 'include',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => undefined);
  sessionStore.signOut(undefined, { chosen: true });
}
