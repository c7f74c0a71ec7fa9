import * as models from 'powerbi-models';
import type { ReportDefinition } from '../../contract.ts';
import { assertValid, badRequest, FrameErrorCode } from '../frame-errors.ts';
import { accepted, type RouteTable } from '../protocol/route-table.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { h } from '../render/dom.ts';
import { paletteOf } from '../render/palette.ts';
import { EmbedSession } from './embed-session.ts';
import { drawSingleVisual, mountSingleVisual } from './single-visual.ts';
import { resolveTile, tileClickedEvent } from './tile-data.ts';

/** A dashboard: a grid of tiles, each one pinned visual with live data; clicking posts tileClicked. */
export function registerDashboardRoutes(
  routes: RouteTable,
  transport: FrameTransport,
  root: HTMLElement,
  uid: string,
): void {
  let lastConfig: Record<string, unknown> | undefined;
  const session: EmbedSession = new EmbedSession(transport, 'dashboards', root, uid, () => {
    if (lastConfig) void load({ ...lastConfig, accessToken: session.tokens.token }, {});
  });

  const load = async (
    config: Record<string, unknown>,
    headers: Record<string, string | undefined>,
  ) => {
    lastConfig = config;
    const current = session.begin(headers);
    try {
      await session.tokens.start(config.accessToken, false);
      const dashboard = await session.api.getDashboard(String(config.id));
      if (!current()) return;
      session.loaded = true;
      session.events.emit('loaded', { initiator: 'sdk' });
      const columns = config.pageView === 'oneColumn' ? 1 : 4;
      const grid = h('div', {
        class: 'cv-dashboard',
        role: 'list',
        'aria-label': dashboard.displayName,
        style: `--cols:${columns}`,
      });
      root.className = '';
      root.replaceChildren(grid);
      const reports = new Map<string, Promise<ReportDefinition>>();
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
          const resolved = await resolveTile(session.api, tile, reports);
          const frame = mountSingleVisual(cell, { ...resolved.visual, title: tile.title }, () =>
            session.events.emit('tileClicked', tileClickedEvent(tile)),
          );
          try {
            const result = await session.api.query(
              { ...resolved.visual.query, datasetId: resolved.report.datasetId, filters: [] },
              resolved.report.id,
            );
            drawSingleVisual(frame, result, palette);
          } catch (error) {
            frame.fail(
              `Couldn't load this tile. ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }),
      );
      if (current()) session.events.emit('rendered', {});
    } catch (error) {
      if (current()) session.fail(error);
    }
  };

  routes.post('/dashboard/load', (request) => {
    if (typeof request.body !== 'object' || request.body === null)
      throw badRequest(
        'The load configuration must be an object',
        FrameErrorCode.InvalidParameters,
      );
    const config = request.body as Record<string, unknown>;
    assertValid(models.validateDashboardLoad(config));
    void load(config, request.headers);
    return accepted();
  });
  routes.post('/dashboard/token', async (request) => {
    await session.tokens.replace(request.body);
    return accepted();
  });
}
