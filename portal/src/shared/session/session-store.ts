import type { SignedInPerson } from '@canopy/portal-contract';

/**
 * The signed-in person and their access token, kept in sessionStorage for the browser session.
 * The name may be missing from a copy stored before names were sent: the portal then derives one
 * from the email.
 */
export type Session = Omit<SignedInPerson, 'expiresAt' | 'firstName' | 'lastName'> & {
  expiresAt?: string;
  firstName?: string | null;
  lastName?: string | null;
};

export type AuthState =
  | { status: 'unknown' }
  /** `chosen`: the person signed out themselves (nothing to come back to after signing in). */
  | { status: 'signed-out'; reason?: string; chosen?: boolean }
  | { status: 'signed-in'; session: Session };

export const SESSION_KEY = 'canopy.session';

/**
 * A stored session is restored only if it has an email, an id and a roles array and is a superadmin
 * or a tenant-user with a tenantId: the screens rely on those. Anything else is cleared.
 */
export function restoreSession(storage: Pick<Storage, 'getItem' | 'removeItem'>): Session | null {
  const raw = storage.getItem(SESSION_KEY);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = null;
  }
  if (isRestorable(value)) return value;
  storage.removeItem(SESSION_KEY);
  return null;
}

export function isRestorable(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (typeof v.email !== 'string' || !v.email) return false;
  if (typeof v.id !== 'string' || !v.id) return false;
  if (!Array.isArray(v.roles)) return false;
  if (typeof v.token !== 'string') return false;
  if (v.type === 'superadmin') return true;
  return v.type === 'tenant-user' && typeof v.tenantId === 'string' && v.tenantId !== '';
}

type Listener = () => void;

/** A tiny external store (read with useSyncExternalStore) so apiFetch can sign out outside React. */
export function createSessionStore(storage: Storage) {
  let state: AuthState = { status: 'unknown' };
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  const signIn = (session: Session) => {
    storage.setItem(SESSION_KEY, JSON.stringify(session));
    state = { status: 'signed-in', session };
    emit();
  };
  return {
    getState: () => state,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Start-up: the stored session if it passes the restore rules, else still unknown. */
    restore: (): Session | null => {
      const session = restoreSession(storage);
      if (session) state = { status: 'signed-in', session };
      emit();
      return session;
    },
    signIn,
    /** Merges branding changes (tenant settings) or a refreshed token into the session. */
    update: (patch: Partial<Session>) => {
      if (state.status === 'signed-in') signIn({ ...state.session, ...patch });
    },
    /**
     * Ends the session, saying why. Once signed out, later calls change nothing: requests that were
     * in flight when the session ended come back 401 one after another, and the first reason (a
     * role change, a sign-out) must not be replaced by their "Session expired".
     */
    signOut: (reason?: string, options: { chosen?: boolean } = {}) => {
      if (state.status === 'signed-out') return;
      storage.removeItem(SESSION_KEY);
      state = options.chosen
        ? { status: 'signed-out', reason, chosen: true }
        : { status: 'signed-out', reason };
      emit();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The app's one store (sessionStorage: a new browser session starts signed out). */
export const sessionStore = createSessionStore(
  typeof sessionStorage === 'undefined' ? (undefined as unknown as Storage) : sessionStorage,
);

export const currentToken = () => {
  const state = sessionStore.getState();
  return state.status === 'signed-in' ? state.session.token : null;
};
