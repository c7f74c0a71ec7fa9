import type { EmulatorContext } from '../context.ts';
import type { ReportRecord } from '../state/records.ts';
import type { TokenClaims } from './claims.ts';

/**
 * What a token may read or change. App tokens reach everything in workspaces their principal is a
 * member of; embed tokens reach exactly what they list (see /tmp/emulator-contract.md additions).
 */

export function canReadReport(
  context: EmulatorContext,
  claims: TokenClaims,
  reportId: string,
): boolean {
  const record = context.registry.reports.get(reportId);
  if (!record) return false;
  if (claims.typ === 'app') return context.registry.isMember(record.groupId, claims.sub);
  if (claims.reports.some((report) => report.id === reportId)) return true;
  const viaDashboard = claims.dashboards.some((id) =>
    context.registry.dashboards
      .get(id)
      ?.definition.tiles.some((tile) => tile.reportId === reportId),
  );
  const viaTile = claims.tiles.some((id) => {
    const found = context.registry.findTile(id);
    return found?.dashboard.definition.tiles[found.tileIndex]?.reportId === reportId;
  });
  // Reports made by saveAs: reachable through the target workspace that allowed creating them.
  const viaWorkspace =
    claims.targetWorkspaces.includes(record.groupId) &&
    coversDatasetDirectly(claims, record.definition.datasetId);
  return viaDashboard || viaTile || viaWorkspace;
}

function coversDatasetDirectly(claims: TokenClaims, datasetId: string): boolean {
  return claims.typ === 'embed' && claims.datasets.includes(datasetId);
}

export function canReadDataset(
  context: EmulatorContext,
  claims: TokenClaims,
  datasetId: string,
): boolean {
  const record = context.registry.datasets.get(datasetId);
  if (!record) return false;
  if (claims.typ === 'app') return context.registry.isMember(record.groupId, claims.sub);
  if (claims.datasets.includes(datasetId)) return true;
  // A token for a report may query the report's dataset.
  return claims.reports.some(
    (report) => context.registry.reports.get(report.id)?.definition.datasetId === datasetId,
  );
}

export function canReadDashboard(
  context: EmulatorContext,
  claims: TokenClaims,
  dashboardId: string,
): boolean {
  const record = context.registry.dashboards.get(dashboardId);
  if (!record) return false;
  if (claims.typ === 'app') return context.registry.isMember(record.groupId, claims.sub);
  if (claims.dashboards.includes(dashboardId)) return true;
  // A token listing every tile's report may open the whole dashboard; a tile token only its tile.
  const listed = (reportId: string) => claims.reports.some((report) => report.id === reportId);
  return (
    record.definition.tiles.length > 0 &&
    record.definition.tiles.every((tile) => listed(tile.reportId))
  );
}

export function canReadTile(
  context: EmulatorContext,
  claims: TokenClaims,
  dashboardId: string,
  tileId: string,
): boolean {
  if (claims.typ === 'embed' && claims.tiles.includes(tileId)) return true;
  return canReadDashboard(context, claims, dashboardId);
}

export function canEditReport(
  context: EmulatorContext,
  claims: TokenClaims,
  record: ReportRecord,
): boolean {
  if (claims.typ === 'app') return context.registry.isMember(record.groupId, claims.sub);
  return claims.reports.some((report) => report.id === record.definition.id && report.allowEdit);
}

/** saveAs / create: target workspace in the token, or edit rights on the source report. */
export function canCreateIn(
  context: EmulatorContext,
  claims: TokenClaims,
  groupId: string,
  sourceReportId: string | undefined,
): boolean {
  if (claims.typ === 'app') return context.registry.isMember(groupId, claims.sub);
  if (claims.targetWorkspaces.includes(groupId)) return true;
  const source = sourceReportId ? context.registry.reports.get(sourceReportId) : undefined;
  return (
    source !== undefined && source.groupId === groupId && canEditReport(context, claims, source)
  );
}
