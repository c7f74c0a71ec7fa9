import type { GroupUserAccessRight, WorkspaceRecord } from '../state/records.ts';
import { forbidden } from './denials.ts';
import { isPrincipal } from '../state/is-principal.ts';
import { roleRank, type WorkspaceRole } from './workspace-roles.ts';

const rank = (right: GroupUserAccessRight | undefined) =>
  right === undefined || right === 'None' ? 0 : roleRank[right];

/**
 * Adding, changing (`next` a role) or removing (`next` undefined) a workspace user. Admins manage
 * everyone; Members add and manage Members, Contributors and Viewers but never Admins; nobody raises
 * their own role; the last Admin cannot be removed or demoted. Throws the service's 403 otherwise.
 */
export function authorizeUserChange(
  workspace: WorkspaceRecord,
  actor: { principal: string; role: WorkspaceRole },
  target: string,
  next: GroupUserAccessRight | undefined,
): void {
  const current = workspace.users.find((user) => isPrincipal(user, target))?.groupUserAccessRight;
  const isSelf = target === actor.principal;
  if (isSelf && rank(next) > rank(current)) {
    throw forbidden('A principal cannot raise its own workspace role');
  }
  if (actor.role !== 'Admin') {
    if (rank(next) > roleRank[actor.role] || next === 'Admin') {
      throw forbidden(`The ${actor.role} role cannot grant the ${String(next)} role`);
    }
    if (current === 'Admin') {
      throw forbidden(`The ${actor.role} role cannot change or remove an Admin`);
    }
  }
  if (current === 'Admin' && next !== 'Admin') {
    const admins = workspace.users.filter((user) => user.groupUserAccessRight === 'Admin');
    if (admins.length <= 1) {
      throw forbidden('The workspace must keep at least one Admin');
    }
  }
}
