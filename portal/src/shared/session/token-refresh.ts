import type { Endpoints } from '@canopy/portal-contract';
import { isRestorable, sessionStore } from './session-store.ts';

/**
 * `endpoints.refreshSession`, written out: every cold start runs this before /login shows, and
 * importing the endpoint table would bring its schema library into the /login JavaScript budget
 * (bench/RESULTS.md). The type holds it to the declared path and method. A raw fetch, not apiFetch:
 * a refused refresh must not recurse into apiFetch's own refresh.
 */
const refreshEndpoint = {
  method: 'POST',
  path: '/api/auth/refresh',
} as const satisfies Pick<Endpoints['refreshSession'], 'method' | 'path'>;

/** Refresh this long before the access token expires, so no request meets an expired token. */
export const REFRESH_MARGIN_MS = 60_000;

let inFlight: Promise<boolean> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/**
 * The server's own words when it ended the session for a reason the person should hear (a role
 * change: "Your role was changed. Please sign in again."). Kept until the sign-out that shows it,
 * because the refused answer also clears the cookie: a later refresh would only say "expired".
 */
let endedBecause: string | undefined;

/** Why the server ended the session, once (then forgotten); undefined means it simply expired. */
export function takeSessionEndReason(): string | undefined {
  const reason = endedBecause;
  endedBecause = undefined;
  return reason;
}

/** Codes whose message is shown as is when the session ends (see server/src/errors.ts). */
const TOLD_REASONS = new Set(['ROLE_CHANGED', 'PASSWORD_CHANGED']);

/**
 * Trades the HttpOnly refresh cookie for a new access token (`refreshEndpoint`). One request
 * at a time: concurrent 401s share it, and tabs take turns through a Web Lock — the cookie is
 * single-use, so two tabs presenting the same one would look like theft and end the session.
 * Resolves false when the server refuses.
 */
export function refreshSession(): Promise<boolean> {
  if (inFlight) return inFlight;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock is held until refreshOnce settles; its result is what request() resolves with.
  const turn = locks
    ? (locks.request('canopy-session-refresh', refreshOnce) as unknown as Promise<boolean>)
    : refreshOnce();
  inFlight = turn.finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function refreshOnce(): Promise<boolean> {
  return (async () => {
    try {
      const response = await fetch(refreshEndpoint.path, {
        method: refreshEndpoint.method,
        credentials: 'include',
        headers: { accept: 'application/json' },
      });
      // 204: no refresh cookie, nobody is signed in (a cold /login, no console error).
      if (response.status === 204) return false;
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as {
          code?: unknown;
          error?: unknown;
        } | null;
        if (typeof body?.code === 'string' && TOLD_REASONS.has(body.code))
          endedBecause = typeof body.error === 'string' ? body.error : undefined;
        return false;
      }
      // The session restore rules (isRestorable) decide whether the answer is a usable session.
      // They need no schema library, which keeps zod out of the JavaScript that shows /login
      // (bench/RESULTS.md).
      const person: unknown = await response.json();
      if (!isRestorable(person)) return false;
      endedBecause = undefined;
      sessionStore.signIn(person);
      return true;
    } catch {
      return false;
    }
  })();
}

/** Keeps one timer that refreshes REFRESH_MARGIN_MS before the current token's expiry. */
export function scheduleRefresh() {
  clearTimeout(timer);
  const state = sessionStore.getState();
  if (state.status !== 'signed-in' || !state.session.expiresAt) return;
  const due = Date.parse(state.session.expiresAt) - REFRESH_MARGIN_MS - Date.now();
  timer = setTimeout(() => void refreshSession(), Math.max(due, 1_000));
}

/**
 * Start-up: restore the browser-session copy, or ask the server whether the refresh cookie still
 * holds a session. The auth state is "unknown" until then (the guard waits up to 3 s).
 */
export async function initSession() {
  sessionStore.subscribe(scheduleRefresh);
  if (sessionStore.restore()) return;
  if (!(await refreshSession())) sessionStore.signOut(takeSessionEndReason());
}
