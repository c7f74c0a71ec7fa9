import type { RoleName, User } from '@canopy/portal-contract';

/** The tenant roles the screens offer. Super administrators are a user type, not a role. */
export const ROLES: readonly RoleName[] = ['Admin', 'Viewer'];

/** A person is an Admin when their roles include Admin, in either spelling (Admin or admin). */
export const isAdminRole = (roles: readonly string[]) =>
  roles.includes('Admin') || roles.includes('admin');

/** Super admin's user list: role names comma-joined; none → Admin if isSuperAdmin, else Viewer. */
export function superAdminRoleLabel(user: Pick<User, 'roles' | 'isSuperAdmin'>): string {
  const names = user.roles.map((role) => role.name).filter(Boolean);
  if (names.length > 0) return names.join(', ');
  return user.isSuperAdmin ? 'Admin' : 'Viewer';
}

/** Tenant's user list: "No roles" if roles is not a list, else the first role (default Viewer). */
export function tenantRoleLabel(roles: unknown): string {
  if (!Array.isArray(roles)) return 'No roles';
  const first: unknown = roles[0];
  const name = first && typeof first === 'object' && 'name' in first ? first.name : first;
  return typeof name === 'string' && name ? name : 'Viewer';
}

/** The role preselected when a row enters editing: the first current role, or Viewer. */
export function initialEditRole(roles: unknown): RoleName {
  const label = tenantRoleLabel(roles);
  return label === 'Admin' ? 'Admin' : 'Viewer';
}

/** "jane.doe@x.com" → "Jane Doe": the account menu's name, derived from the email. */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  return local
    .split(/[._\-+]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

/**
 * First two letters of the email's local part (top bar and chat avatars). Letters and digits only:
 * "a.b@x" gives "AB", not "A.". A local part without any gives its first two characters.
 */
export function avatarInitials(email: string): string {
  const local = email.split('@')[0] ?? '';
  const letters = [...local].filter((c) => /[\p{L}\p{N}]/u.test(c));
  return (letters.length > 0 ? letters.join('') : local).slice(0, 2).toUpperCase();
}
