import type { User } from '@canopy/portal-contract';

/** What the list offers on one row, and why not when it offers nothing. */
export interface UserActions {
  edit: boolean;
  delete: boolean;
  /** Remove their second factors: anyone but oneself (My account is the way for one's own). */
  resetMfa: boolean;
  /** Shown instead of the buttons when neither is offered. */
  note?: string;
}

const isAdmin = (user: Pick<User, 'roles'>) => user.roles.some((role) => role.name === 'Admin');

/**
 * The server refuses to change or delete one's own account here and to leave a tenant without an
 * Admin; offering those buttons would only lead to an error, so the row says why instead.
 * `everyone` is the whole tenant list (not the filtered page), so "last Admin" is counted right.
 */
export function userActions(
  user: Pick<User, 'id' | 'roles'>,
  everyone: readonly Pick<User, 'id' | 'roles'>[],
  selfId: string | null,
): UserActions {
  if (user.id === selfId) return { edit: false, delete: false, resetMfa: false, note: 'You' };
  if (isAdmin(user) && !everyone.some((other) => other.id !== user.id && isAdmin(other)))
    return { edit: false, delete: false, resetMfa: true, note: 'Only Admin' };
  return { edit: true, delete: true, resetMfa: true };
}

/** A change to the tenant's people that a screen may refuse before asking the server. */
export type UserChange = 'create' | 'edit' | 'delete';

const NOT_PERMITTED: Record<UserChange, string> = {
  create: 'You do not have permission to create users',
  edit: 'You do not have permission to edit user roles',
  delete: 'You do not have permission to delete users',
};

/**
 * Why a tenant member's User Management refuses a change (shown as a toast): there is no tenant
 * to change, or the person is not an Admin (Viewers see the list "View Only"). Undefined when the
 * change may go ahead; the server checks the same again.
 */
export function tenantRefusal(
  change: UserChange,
  tenantId: string | null,
  admin: boolean,
): string | undefined {
  if (!tenantId) return 'No tenant context found';
  if (!admin) return NOT_PERMITTED[change];
  return undefined;
}
