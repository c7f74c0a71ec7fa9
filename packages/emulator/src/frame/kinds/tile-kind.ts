import * as models from 'powerbi-models';
import type { ReportDefinition } from '../../contract.ts';
import { assertValid, badRequest, FrameErrorCode, notFound } from '../frame-errors.ts';
import { accepted, type RouteTable } from '../protocol/route-table.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { h } from '../render/dom.ts';
import { paletteOf } from '../render/palette.ts';
import { EmbedSession } from './embed-session.ts';
import { drawSingleVisual, mountSingleVisual } from './single-visual.ts';
import { resolveTile, tileClickedEvent } from './tile-data.ts';

/** A single dashboard tile filling the frame. */
export function registerTileRoutes(
  routes: RouteTable,
  transport: FrameTransport,
  root: HTMLElement,
  uid: string,
): void {
  let lastConfig: Record<string, unknown> | undefined;
  const session: EmbedSession = new EmbedSession(transport, 'tile', root, uid, () => {
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
      const dashboard = await session.api.getDashboard(String(config.dashboardId));
      const tile = dashboard.tiles.find((t) => t.id === config.id);
      if (!tile) throw notFound(`Tile ${String(config.id)} of dashboard ${dashboard.id}`);
      const resolved = await resolveTile(
        session.api,
        tile,
        new Map<string, Promise<ReportDefinition>>(),
      );
      if (!current()) return;
      session.loaded = true;
      session.events.emit('loaded', { initiator: 'sdk' });
      const cell = h('div', {
        class: 'cv-tile',
        'data-tile-id': tile.id,
        style: 'flex:1;margin:0;border-radius:0',
      });
      root.className = '';
      root.replaceChildren(cell);
      const frame = mountSingleVisual(cell, { ...resolved.visual, title: tile.title }, () =>
        session.events.emit('tileClicked', tileClickedEvent(tile)),
      );
      const result = await session.api.query(
        { ...resolved.visual.query, datasetId: resolved.report.datasetId, filters: [] },
        resolved.report.id,
      );
      if (!current()) return;
      drawSingleVisual(frame, result, paletteOf(undefined));
      session.events.emit('tileLoaded', { tileId: tile.id });
      session.events.emit('rendered', {});
    } catch (error) {
      if (current()) session.fail(error);
    }
  };

  routes.post('/tile/load', (request) => {
    if (typeof request.body !== 'object' || request.body === null)
      throw badRequest(
        'The load configuration must be an object',
        FrameErrorCode.InvalidParameters,
      );
    const config = request.body as Record<string, unknown>;
    assertValid(models.validateTileLoad(config));
    void load(config, request.headers);
    return accepted();
  });
  routes.post('/tile/token', async (request) => {
    await session.tokens.replace(request.body);
    return accepted();
  });
}
