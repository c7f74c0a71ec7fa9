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

/** A dashboard: a grid of tiles, each one pinned visual with live data; clicking posts tileClicked. */
export function registerDashboardRoutes(
  routes: RouteTable,
  transport: FrameTransport,
  root: HTMLElement,
  uid: string,
): void {
  const session = new EmbedSession(transport, 'dashboards', root, uid);

  const render = async (config: Record<string, unknown>, current: () => boolean) => {
    const dashboard = await session.api.getDashboard(String(config.id));
    if (!current()) return;
    session.markLoaded();
    const columns = config.pageView === 'oneColumn' ? 1 : 4;
    const grid = h('div', {
      class: 'cv-dashboard',
      role: 'list',
      'aria-label': dashboard.displayName,
      style: `--cols:${columns}`,
    });
    session.show(grid);
    const palette = paletteOf(undefined);
    await Promise.all(
      dashboard.tiles.map(async (tile) => {
        const cell = h('div', {
          class: 'cv-tile',
          role: 'listitem',
          'data-tile-id': tile.id,
          style: `grid-column:span ${Math.min(columns, Math.max(1, tile.colSpan))};grid-row:span ${Math.max(1, tile.rowSpan)}`,
        });
        grid.append(cell);
        const resolved = await resolveTile(session.api, dashboard.id, tile.id);
        const frame = mountTile(cell, resolved, session.events);
        // One tile's failure shows in that tile; the rest of the dashboard still renders.
        try {
          drawSingleVisual(frame, await queryTile(session.api, dashboard.id, resolved), palette);
        } catch (error) {
          frame.fail(
            `Couldn't load this tile. ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }),
    );
    if (current()) session.events.emit('rendered', {});
  };

  registerLoadRoute<Record<string, unknown>>(routes, '/dashboard/load', {
    validate: models.validateDashboardLoad,
    start: (config, headers) => session.load(config, headers, render),
  });
  registerTokenRoutes(routes, session.tokens, '/dashboard/token');
  registerKindCommonRoutes(routes, 'dashboard');
}
