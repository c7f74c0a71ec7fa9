import type {
  DashboardTileDefinition,
  ReportDefinition,
  VisualDefinition,
} from '../../contract.ts';
import type { EmulatorApi } from '../api-client.ts';
import { notFound } from '../frame-errors.ts';

export interface ResolvedTile {
  tile: DashboardTileDefinition;
  report: ReportDefinition;
  visual: VisualDefinition;
}

/** A tile pins one visual of one report page: fetch the report (once per report) and find it. */
export async function resolveTile(
  api: EmulatorApi,
  tile: DashboardTileDefinition,
  reports: Map<string, Promise<ReportDefinition>>,
): Promise<ResolvedTile> {
  let report = reports.get(tile.reportId);
  if (!report) {
    report = api.getReport(tile.reportId);
    reports.set(tile.reportId, report);
  }
  const definition = await report;
  const visual = definition.pages
    .find((p) => p.name === tile.pageName)
    ?.visuals.find((v) => v.name === tile.visualName);
  if (!visual) throw notFound(`Visual ${tile.visualName} of tile ${tile.id}`);
  return { tile, report: definition, visual };
}

/** The tileClicked payload. */
export function tileClickedEvent(tile: DashboardTileDefinition) {
  const reportEmbedUrl = new URL(
    `reportEmbed?reportId=${encodeURIComponent(tile.reportId)}&pageName=${encodeURIComponent(tile.pageName)}`,
    document.baseURI,
  ).href;
  return {
    tileId: tile.id,
    reportEmbedUrl,
    navigationUrl: reportEmbedUrl,
    pageName: tile.pageName,
  };
}
