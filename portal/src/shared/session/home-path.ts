import { isAdminRole } from '../rules/roles.ts';
import type { AuthState } from './session-store.ts';

/**
 * Where `/` and sign-in lead: super admins to /admin, Admins to /users, Viewers to /tenant/reports,
 * else /login.
 */
export function homePath(state: AuthState): string {
  if (state.status !== 'signed-in') return '/login';
  const { session } = state;
  if (session.type === 'superadmin') return '/admin';
  if (isAdminRole(session.roles)) return '/users';
  if (session.roles.includes('Viewer')) return '/tenant/reports';
  return '/login';
}
