import * as models from 'powerbi-models';
import type { RouteTable } from '../protocol/route-table.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { h } from '../render/dom.ts';
import { paletteOf } from '../render/palette.ts';
import { EmbedSession } from './embed-session.ts';
import { registerLoadRoute, registerTokenRoutes } from './session-routes.ts';
import { drawSingleVisual } from './single-visual.ts';
import { registerKindCommonRoutes } from './unsupported-routes.ts';
import { mountTile, queryTile, resolveTile } from './tile-data.ts';

/** A single dashboard tile filling the frame. */
export function registerTileRoutes(
  routes: RouteTable,
  transport: FrameTransport,
  root: HTMLElement,
  uid: string,
): void {
  const session = new EmbedSession(transport, 'tile', root, uid);

  const render = async (config: Record<string, unknown>, current: () => boolean) => {
    const dashboardId = String(config.dashboardId);
    const resolved = await resolveTile(session.api, dashboardId, String(config.id));
    const { tile } = resolved;
    if (!current()) return;
    session.markLoaded();
    const cell = h('div', {
      class: 'cv-tile',
      'data-tile-id': tile.id,
      style: 'flex:1;margin:0;border-radius:0',
    });
    session.show(cell);
    const frame = mountTile(cell, resolved, session.events);
    const result = await queryTile(session.api, dashboardId, resolved);
    if (!current()) return;
    drawSingleVisual(frame, result, paletteOf(undefined));
    session.events.emit('tileLoaded', { tileId: tile.id });
    session.events.emit('rendered', {});
  };

  registerLoadRoute<Record<string, unknown>>(routes, '/tile/load', {
    validate: models.validateTileLoad,
    start: (config, headers) => session.load(config, headers, render),
  });
  registerTokenRoutes(routes, session.tokens, '/tile/token');
  registerKindCommonRoutes(routes, 'tile');
}
