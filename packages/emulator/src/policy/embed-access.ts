import type { TokenClaims } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import type { DashboardRecord, ReportRecord } from '../state/records.ts';
import { can } from './workspace-roles.ts';

/**
 * What a token may read or change through the embed pages' API. App tokens act with their
 * principal's workspace role. Embed tokens reach exactly what GenerateToken listed: a report token
 * its reports (and their datasets), a dashboard token the visuals pinned to its dashboard, a tile
 * token its tile's visual and data only; Create and saveAs tokens the reports they made themselves.
 */

const listsReport = (claims: TokenClaims, reportId: string) =>
  claims.typ === 'embed' && claims.reports.some((report) => report.id === reportId);

const madeBy = (claims: TokenClaims, record: ReportRecord) =>
  claims.typ === 'embed' &&
  record.createdByToken !== undefined &&
  record.createdByToken === claims.jti;

export function canReadReport(
  context: EmulatorContext,
  claims: TokenClaims,
  record: ReportRecord,
): boolean {
  if (claims.typ === 'app') return can(context.registry, record.groupId, claims.sub, 'read');
  return listsReport(claims, record.definition.id) || madeBy(claims, record);
}

export function canEditReport(
  context: EmulatorContext,
  claims: TokenClaims,
  record: ReportRecord,
): boolean {
  if (claims.typ === 'app') return can(context.registry, record.groupId, claims.sub, 'editContent');
  return (
    claims.reports.some((report) => report.id === record.definition.id && report.allowEdit) ||
    madeBy(claims, record)
  );
}

/** Queries and schemas of a dataset: listed by the token, or the dataset of a report it lists. */
export function canReadDataset(
  context: EmulatorContext,
  claims: TokenClaims,
  datasetId: string,
): boolean {
  const record = context.registry.datasets.get(datasetId);
  if (!record) return false;
  if (claims.typ === 'app') return can(context.registry, record.groupId, claims.sub, 'read');
  return claims.datasets.includes(datasetId);
}

export function canReadDashboard(
  context: EmulatorContext,
  claims: TokenClaims,
  record: DashboardRecord,
): boolean {
  if (claims.typ === 'app') return can(context.registry, record.groupId, claims.sub, 'read');
  return claims.dashboards.includes(record.definition.id);
}

/** A tile: listed by a tile token, or pinned to a dashboard the token lists. */
export function canReadTile(
  context: EmulatorContext,
  claims: TokenClaims,
  record: DashboardRecord,
  tileId: string,
): boolean {
  if (!record.definition.tiles.some((tile) => tile.id === tileId)) return false;
  if (claims.typ === 'embed' && claims.tiles.includes(tileId)) return true;
  return canReadDashboard(context, claims, record);
}

/**
 * Creating a report in a workspace over a dataset (Create tokens, saveAs). An embed token needs the
 * workspace among its targetWorkspaces, or — saveAs of an Edit token with allowSaveAs — a copy of a
 * report it may edit into that report's own workspace.
 */
export function canCreateReport(
  context: EmulatorContext,
  claims: TokenClaims,
  groupId: string,
  datasetId: string,
  source: ReportRecord | undefined,
): boolean {
  if (claims.typ === 'app') {
    return (
      can(context.registry, groupId, claims.sub, 'createContent') &&
      (source === undefined || canReadReport(context, claims, source))
    );
  }
  if (!claims.datasets.includes(datasetId)) return false;
  if (source !== undefined && !canReadReport(context, claims, source)) return false;
  if (claims.targetWorkspaces.includes(groupId)) return true;
  return (
    claims.allowSaveAs === true &&
    source !== undefined &&
    source.groupId === groupId &&
    canEditReport(context, claims, source)
  );
}
