import { isAdminRole } from '../rules/roles.ts';
import type { AuthState } from './session-store.ts';

/**
 * A session that may only set up a second factor (the person must use two-step verification and
 * has none yet) goes here first, whatever it opens.
 */
export const ENROLMENT_PATH = '/two-step-setup';

/**
 * Where `/` and sign-in lead: super admins to /admin, Admins to /users, Viewers to /tenant/reports,
 * else /login; a session restricted to setting up two-step verification to its set-up page.
 */
export function homePath(state: AuthState): string {
  if (state.status !== 'signed-in') return '/login';
  const { session } = state;
  if (session.mfaEnrolmentRequired) return ENROLMENT_PATH;
  if (session.type === 'superadmin') return '/admin';
  if (isAdminRole(session.roles)) return '/users';
  if (session.roles.includes('Viewer')) return '/tenant/reports';
  return '/login';
}
