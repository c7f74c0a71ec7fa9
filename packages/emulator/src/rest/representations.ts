import type {
  DashboardRecord,
  DatasetRecord,
  RefreshRecord,
  ReportRecord,
  WorkspaceRecord,
} from '../state/records.ts';
import {
  createReportEmbedUrl,
  dashboardEmbedUrl,
  qnaEmbedUrl,
  reportEmbedUrl,
  tileEmbedUrl,
} from './urls.ts';

/** Records → the cloud REST API's JSON objects (field names and optional fields as the cloud sends). */

export function groupJson(workspace: WorkspaceRecord) {
  return {
    id: workspace.id,
    isReadOnly: workspace.isReadOnly,
    isOnDedicatedCapacity: workspace.isOnDedicatedCapacity,
    ...(workspace.capacityId ? { capacityId: workspace.capacityId } : {}),
    type: 'Workspace',
    name: workspace.name,
  };
}

export function reportJson(base: string, record: ReportRecord) {
  const { definition, groupId } = record;
  const paginated = definition.reportType === 'PaginatedReport';
  return {
    id: definition.id,
    reportType: definition.reportType,
    name: definition.name,
    webUrl: `${base}/groups/${groupId}/reports/${definition.id}`,
    embedUrl: reportEmbedUrl(base, groupId, definition.id, paginated),
    isFromPbix: !paginated,
    isOwnedByMe: true,
    // The cloud omits datasetId for paginated reports: their data sources live inside the .rdl.
    ...(paginated ? {} : { datasetId: definition.datasetId, datasetWorkspaceId: groupId }),
    ...(record.originalReportId ? { originalReportId: record.originalReportId } : {}),
    users: [],
    subscriptions: [],
  };
}

export function pageJson(record: ReportRecord) {
  return record.definition.pages.map((page, order) => ({
    name: page.name,
    displayName: page.displayName,
    order,
  }));
}

export function datasetJson(base: string, record: DatasetRecord) {
  return {
    id: record.id,
    name: record.name,
    webUrl: `${base}/groups/${record.groupId}/datasets/${record.id}`,
    addRowsAPIEnabled: false,
    configuredBy: record.configuredBy,
    isRefreshable: true,
    isEffectiveIdentityRequired: record.model.roles.length > 0,
    isEffectiveIdentityRolesRequired: record.model.roles.length > 0,
    isOnPremGatewayRequired: false,
    targetStorageMode: 'Abf',
    createdDate: record.createdDate,
    createReportEmbedURL: createReportEmbedUrl(base, record.groupId, record.id),
    qnaEmbedURL: qnaEmbedUrl(base, record.groupId, record.id),
    upstreamDatasets: [],
    users: [],
  };
}

/** A refresh is "Unknown" (running) until its end time has passed, then Completed or Failed. */
export function refreshJson(refresh: RefreshRecord, index: number, nowMs: number) {
  const running = Date.parse(refresh.endTime) > nowMs;
  const status = running ? 'Unknown' : refresh.outcome;
  const failure =
    !running && refresh.serviceExceptionJson
      ? { serviceExceptionJson: refresh.serviceExceptionJson }
      : {};
  return {
    requestId: refresh.requestId,
    id: 1000 + index,
    refreshType: refresh.refreshType,
    startTime: refresh.startTime,
    ...(running ? {} : { endTime: refresh.endTime }),
    ...failure,
    status,
    refreshAttempts: [
      {
        attemptId: 1,
        startTime: refresh.startTime,
        ...(running ? {} : { endTime: refresh.endTime }),
        ...failure,
        type: 'Data',
      },
    ],
  };
}

export function dashboardJson(base: string, record: DashboardRecord) {
  return {
    id: record.definition.id,
    displayName: record.definition.displayName,
    isReadOnly: false,
    webUrl: `${base}/groups/${record.groupId}/dashboards/${record.definition.id}`,
    embedUrl: dashboardEmbedUrl(base, record.groupId, record.definition.id),
    users: [],
    subscriptions: [],
  };
}

export function tileJson(
  base: string,
  record: DashboardRecord,
  index: number,
  datasetId: string | undefined,
) {
  const tile = record.definition.tiles[index];
  if (!tile) throw new RangeError(`No tile at ${index}`);
  return {
    id: tile.id,
    title: tile.title,
    embedUrl: tileEmbedUrl(base, record.groupId, record.definition.id, tile.id),
    embedData: JSON.stringify({
      reportId: tile.reportId,
      pageName: tile.pageName,
      visualName: tile.visualName,
    }),
    rowSpan: tile.rowSpan,
    colSpan: tile.colSpan,
    reportId: tile.reportId,
    ...(datasetId ? { datasetId } : {}),
  };
}
