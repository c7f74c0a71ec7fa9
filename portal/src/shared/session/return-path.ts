/**
 * Where a person was going when the portal asked them to sign in: a guarded address opened while
 * signed out (a link from a mail, a bookmark, a shared list URL) or a session that ended under
 * them. The sign-in page carries it as `?next=` and goes there once the person is in.
 */
export const NEXT_PARAM = 'next';

/**
 * A path on this origin only: `/tenant/reports/7?page=2`, never `//host`, `/\host`, `https://…`
 * or anything with a backslash, whitespace or a control character (browsers drop tabs and
 * newlines, turning `/\t/host` into `//host`). The same rule as `RedirectPath` in
 * @canopy/portal-contract, written out because the sign-in page keeps the schema library out of
 * its JavaScript (bench/RESULTS.md); return-path.test.ts holds the two to the same answers.
 */
const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u;
const MAX_LENGTH = 512;

/** Pages that are not a destination: going back to them after signing in would loop or confuse. */
const NOT_A_DESTINATION = /^\/(login|two-step-setup|reset-password|accept-invitation|oauth\/)/;

/** The `next` value if it is a same-origin path worth returning to, else null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH || !SAME_ORIGIN_PATH.test(value)) return null;
  if (NOT_A_DESTINATION.test(value) || value === '/') return null;
  return value;
}

/** Adds `?next=` to a path when there is somewhere to return to. */
export function withReturnPath(path: string, next: string | null): string {
  const safe = safeReturnPath(next);
  return safe ? `${path}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : path;
}

/** The sign-in page, remembering the address the person opened (path, query and fragment). */
export const signInPath = (location: { pathname: string; search: string; hash: string }) =>
  withReturnPath('/login', location.pathname + location.search + location.hash);
