import type { RunningEmulator } from '../../src/index.ts';
import type { WorkspaceRole } from '../../src/policy/workspace-roles.ts';
import { freshContentIds, seedWorkspaceContent } from '../../src/state/seed.ts';
import { start } from './harness.ts';

/** One service principal per workspace role, plus one that belongs to no workspace. */
export const principals = {
  Admin: 'a0000000-0000-4000-8000-00000000000a',
  Member: 'a0000000-0000-4000-8000-00000000000b',
  Contributor: 'a0000000-0000-4000-8000-00000000000c',
  Viewer: 'a0000000-0000-4000-8000-00000000000d',
  Outsider: 'a0000000-0000-4000-8000-00000000000e',
} as const;

export type Caller = keyof typeof principals;
export const callers = Object.keys(principals) as Caller[];

/** An emulator whose clients are the principals above, on a clock the tests can move. */
export async function startPolicyEmulator(): Promise<{
  emulator: RunningEmulator;
  advance(ms: number): void;
}> {
  let offset = 0;
  const emulator = await start({
    rows: 5_000,
    clients: callers.map((caller) => ({
      clientId: principals[caller],
      clientSecret: `${caller}-secret`,
      displayName: caller,
    })),
    now: () => Date.now() + offset,
  });
  return {
    emulator,
    advance: (ms) => {
      offset += ms;
    },
  };
}

export interface SeededWorkspace {
  groupId: string;
  datasetId: string;
  securedDatasetId: string;
  salesReportId: string;
  securedReportId: string;
  paginatedReportId: string;
  dashboardId: string;
  tileIds: string[];
}

/**
 * A fresh workspace with the sample content where each role principal holds its role (the Outsider
 * none), so destructive cells (delete the workspace, remove a user) never affect each other.
 */
export function seedWorkspace(emulator: RunningEmulator, name = 'Matrix'): SeededWorkspace {
  const registry = emulator.state;
  const workspace = registry.createWorkspace(name, {
    groupUserAccessRight: 'Admin',
    identifier: principals.Admin,
    principalType: 'App',
  });
  for (const role of ['Member', 'Contributor', 'Viewer'] as WorkspaceRole[]) {
    workspace.users.push({
      groupUserAccessRight: role,
      identifier: principals[role as Caller],
      principalType: 'App',
    });
  }
  const ids = freshContentIds();
  seedWorkspaceContent(registry, workspace.id, ids, principals.Admin, Date.now());
  const tiles = registry.dashboards.get(ids.dashboardId)?.definition.tiles ?? [];
  return { groupId: workspace.id, ...ids, tileIds: tiles.map((tile) => tile.id) };
}
