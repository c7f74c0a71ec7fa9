import type { DashboardTileDefinition, QueryResult, TileView } from '../../contract.ts';
import type { EmulatorApi } from '../api-client.ts';
import type { EventPoster } from '../protocol/event-poster.ts';
import type { VisualFrame } from '../render/visual-frame.ts';
import { mountSingleVisual } from './single-visual.ts';

/**
 * A tile pins one visual of one report page. The embed asks for that visual and its data only: a
 * tile or dashboard token cannot read the report behind it or send queries of its own.
 */
export function resolveTile(
  api: EmulatorApi,
  dashboardId: string,
  tileId: string,
): Promise<TileView> {
  return api.getTile(dashboardId, tileId);
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
export function mountTile(cell: HTMLElement, resolved: TileView, events: EventPoster): VisualFrame {
  return mountSingleVisual(cell, { ...resolved.visual, title: resolved.tile.title }, () =>
    events.emit('tileClicked', tileClickedEvent(resolved.tile)),
  );
}

/** The data of a tile's visual (the server runs the pinned query; tiles carry no filters). */
export function queryTile(
  api: EmulatorApi,
  dashboardId: string,
  resolved: TileView,
): Promise<QueryResult> {
  return api.getTileData(dashboardId, resolved.tile.id);
}
