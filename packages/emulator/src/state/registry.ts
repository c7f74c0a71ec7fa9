import { randomUUID } from 'node:crypto';
import type { DashboardDefinition, ReportDefinition } from '../contract.ts';
import { isPrincipal } from './is-principal.ts';
import type {
  DashboardRecord,
  DatasetRecord,
  GroupUser,
  ProfileRecord,
  ReportRecord,
  WorkspaceRecord,
} from './records.ts';

/**
 * The emulator's in-memory catalogue: workspaces, datasets, reports and dashboards. Lookups return
 * undefined for unknown ids; routes turn that into the cloud's 404.
 */
export class Registry {
  readonly workspaces = new Map<string, WorkspaceRecord>();
  readonly datasets = new Map<string, DatasetRecord>();
  readonly reports = new Map<string, ReportRecord>();
  readonly dashboards = new Map<string, DashboardRecord>();
  /** Service principal profiles, by id. */
  readonly profiles = new Map<string, ProfileRecord>();
  /** Persistent filters, keyed `<reportId>\0<user>` (see internal/user-state-routes.ts). */
  readonly userStates = new Map<string, object>();

  createWorkspace(name: string, creator: GroupUser, id: string = randomUUID()): WorkspaceRecord {
    const workspace: WorkspaceRecord = {
      id,
      name,
      isReadOnly: false,
      isOnDedicatedCapacity: false,
      users: [creator],
    };
    this.workspaces.set(id, workspace);
    return workspace;
  }

  deleteWorkspace(id: string): void {
    this.workspaces.delete(id);
    for (const [key, record] of this.reports) if (record.groupId === id) this.reports.delete(key);
    for (const [key, record] of this.datasets) if (record.groupId === id) this.datasets.delete(key);
    for (const [key, record] of this.dashboards)
      if (record.groupId === id) this.dashboards.delete(key);
  }

  /** Whether a principal (profile id, client id or e-mail) has any access right on the workspace. */
  isMember(workspaceId: string, principal: string): boolean {
    const workspace = this.workspaces.get(workspaceId);
    return (
      workspace?.users.some(
        (user) => user.groupUserAccessRight !== 'None' && isPrincipal(user, principal),
      ) ?? false
    );
  }

  /** How many workspaces the principal holds any access right on. */
  workspaceCountOf(principal: string): number {
    let count = 0;
    for (const workspace of this.workspaces.values())
      if (this.isMember(workspace.id, principal)) count += 1;
    return count;
  }

  /**
   * Deletes a profile and every access entry made for it. Its workspaces and their content stay:
   * the service's Delete Profile removes the profile, not what it created.
   */
  deleteProfile(id: string): void {
    this.profiles.delete(id);
    for (const workspace of this.workspaces.values()) {
      workspace.users = workspace.users.filter((user) => user.profile?.id !== id);
    }
  }

  addReport(
    groupId: string,
    definition: ReportDefinition,
    originalReportId?: string,
  ): ReportRecord {
    const record: ReportRecord = originalReportId
      ? { groupId, definition, originalReportId }
      : { groupId, definition };
    this.reports.set(definition.id, record);
    return record;
  }

  addDashboard(groupId: string, definition: DashboardDefinition): DashboardRecord {
    const record = { groupId, definition };
    this.dashboards.set(definition.id, record);
    return record;
  }

  addDataset(record: DatasetRecord): DatasetRecord {
    this.datasets.set(record.id, record);
    return record;
  }

  reportsIn(groupId: string): ReportRecord[] {
    return [...this.reports.values()].filter((record) => record.groupId === groupId);
  }

  datasetsIn(groupId: string): DatasetRecord[] {
    return [...this.datasets.values()].filter((record) => record.groupId === groupId);
  }

  dashboardsIn(groupId: string): DashboardRecord[] {
    return [...this.dashboards.values()].filter((record) => record.groupId === groupId);
  }

  /** The dashboard holding a tile, if any. */
  findTile(tileId: string): { dashboard: DashboardRecord; tileIndex: number } | undefined {
    for (const dashboard of this.dashboards.values()) {
      const tileIndex = dashboard.definition.tiles.findIndex((tile) => tile.id === tileId);
      if (tileIndex >= 0) return { dashboard, tileIndex };
    }
    return undefined;
  }
}
