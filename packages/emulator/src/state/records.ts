import type { DashboardDefinition, ReportDefinition } from '../contract.ts';
import type { SemanticModel } from '../data/semantic-model.ts';

/** In-memory records behind the REST API. Shapes follow the cloud's objects where they surface. */

export type GroupUserAccessRight = 'Admin' | 'Member' | 'Contributor' | 'Viewer' | 'None';
export type PrincipalType = 'User' | 'Group' | 'App' | 'None';

export interface GroupUser {
  groupUserAccessRight: GroupUserAccessRight;
  emailAddress?: string;
  identifier: string;
  principalType: PrincipalType;
  displayName?: string;
  /**
   * Set when the access belongs to one of the service principal's profiles rather than to the
   * principal itself (`identifier` is then the service principal), as the service lists it.
   */
  profile?: { id: string; displayName?: string };
}

/** A service principal profile: a principal of its own, created and owned by a service principal. */
export interface ProfileRecord {
  id: string;
  displayName: string;
  /** The client id of the service principal that created it (the only one that may use it). */
  servicePrincipalId: string;
}

export interface WorkspaceRecord {
  id: string;
  name: string;
  isReadOnly: boolean;
  isOnDedicatedCapacity: boolean;
  capacityId?: string;
  users: GroupUser[];
}

export type RefreshType =
  'Scheduled' | 'OnDemand' | 'ViaApi' | 'ViaXmlaEndpoint' | 'ViaEnhancedApi';

export interface RefreshRecord {
  requestId: string;
  refreshType: RefreshType;
  startTime: string;
  /** Completion time; a refresh "runs" (status Unknown) until then. */
  endTime: string;
  outcome: 'Completed' | 'Failed';
  serviceExceptionJson?: string;
}

export interface DatasetRecord {
  id: string;
  name: string;
  groupId: string;
  configuredBy: string;
  createdDate: string;
  model: SemanticModel;
  refreshes: RefreshRecord[];
}

export interface ReportRecord {
  groupId: string;
  definition: ReportDefinition;
  /** Set on reports made by saveAs. */
  originalReportId?: string;
  /** The id (jti) of the embed token that created it: that token may keep reading and saving it. */
  createdByToken?: string;
}

export interface DashboardRecord {
  groupId: string;
  definition: DashboardDefinition;
}
