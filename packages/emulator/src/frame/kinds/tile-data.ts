import type {
  DashboardTileDefinition,
  QueryResult,
  ReportDefinition,
  VisualDefinition,
} from '../../contract.ts';
import type { EmulatorApi } from '../api-client.ts';
import { notFound } from '../frame-errors.ts';
import type { EventPoster } from '../protocol/event-poster.ts';
import type { VisualFrame } from '../render/visual-frame.ts';
import { mountSingleVisual } from './single-visual.ts';

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

/** Mounts a tile's visual under the tile's own title; a click on it is the host's `tileClicked`. */
export function mountTile(
  cell: HTMLElement,
  resolved: ResolvedTile,
  events: EventPoster,
): VisualFrame {
  return mountSingleVisual(cell, { ...resolved.visual, title: resolved.tile.title }, () =>
    events.emit('tileClicked', tileClickedEvent(resolved.tile)),
  );
}

/** The data of a tile's visual. Tiles carry no filter context here, so the query has no filters. */
export function queryTile(api: EmulatorApi, resolved: ResolvedTile): Promise<QueryResult> {
  return api.query(
    { ...resolved.visual.query, datasetId: resolved.report.datasetId, filters: [] },
    resolved.report.id,
  );
}
