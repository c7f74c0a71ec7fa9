import type { GroupUserAccessRight } from '../state/records.ts';
import type { Registry } from '../state/registry.ts';
import { isPrincipal } from '../state/is-principal.ts';

/**
 * Workspace roles and what each may do, as the service documents them ("Roles in workspaces"):
 * Viewers read; Contributors also create, edit, delete and refresh content; Members also share and
 * add people with Member rights or lower; only Admins manage Admins, delete the workspace and move it
 * to a capacity. RLS applies to Viewers only.
 */
export type WorkspaceRole = Exclude<GroupUserAccessRight, 'None'>;

export const workspaceRoles: readonly WorkspaceRole[] = [
  'Admin',
  'Member',
  'Contributor',
  'Viewer',
];

/** Higher is stronger; a principal may only grant or change roles up to its own rank. */
export const roleRank: Record<WorkspaceRole, number> = {
  Viewer: 1,
  Contributor: 2,
  Member: 3,
  Admin: 4,
};

export type Capability =
  | 'read'
  | 'readUsers'
  | 'manageUsers'
  | 'deleteWorkspace'
  | 'assignCapacity'
  | 'createContent'
  | 'editContent'
  | 'deleteContent'
  | 'refresh'
  | 'embedView'
  | 'embedEdit'
  | 'embedCreate'
  | 'readAllRows';

/** The policy table: which roles hold each capability. */
export const capabilityRoles: Record<Capability, readonly WorkspaceRole[]> = {
  read: ['Admin', 'Member', 'Contributor', 'Viewer'],
  readUsers: ['Admin', 'Member'],
  manageUsers: ['Admin', 'Member'],
  deleteWorkspace: ['Admin'],
  assignCapacity: ['Admin'],
  createContent: ['Admin', 'Member', 'Contributor'],
  editContent: ['Admin', 'Member', 'Contributor'],
  deleteContent: ['Admin', 'Member', 'Contributor'],
  refresh: ['Admin', 'Member', 'Contributor'],
  embedView: ['Admin', 'Member', 'Contributor', 'Viewer'],
  embedEdit: ['Admin', 'Member', 'Contributor'],
  embedCreate: ['Admin', 'Member', 'Contributor'],
  // Row-level security filters Viewers only; the other roles see every row of the workspace's models.
  readAllRows: ['Admin', 'Member', 'Contributor'],
};

export function hasCapability(role: WorkspaceRole | undefined, capability: Capability): boolean {
  return role !== undefined && capabilityRoles[capability].includes(role);
}

/** The role of a principal (profile id, client id or e-mail) in a workspace; undefined when none. */
export function roleOf(
  registry: Registry,
  workspaceId: string,
  principal: string,
): WorkspaceRole | undefined {
  const user = registry.workspaces
    .get(workspaceId)
    ?.users.find((candidate) => isPrincipal(candidate, principal));
  return user && user.groupUserAccessRight !== 'None' ? user.groupUserAccessRight : undefined;
}

/** Whether the principal's role in the workspace holds the capability. */
export function can(
  registry: Registry,
  workspaceId: string,
  principal: string,
  capability: Capability,
): boolean {
  return hasCapability(roleOf(registry, workspaceId, principal), capability);
}
