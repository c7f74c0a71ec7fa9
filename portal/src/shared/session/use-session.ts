import { useSyncExternalStore } from 'react';
import { sessionStore, type AuthState, type Session } from './session-store.ts';

export const useAuthState = (): AuthState =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);

/** The signed-in session; only for components rendered behind the guard. */
export function useSession(): Session {
  const state = useAuthState();
  if (state.status !== 'signed-in') throw new Error('useSession outside a signed-in route');
  return state.session;
}
