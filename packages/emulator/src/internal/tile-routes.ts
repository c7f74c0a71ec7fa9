import type { FastifyInstance } from 'fastify';
import type { TileView } from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { canReadTile } from '../policy/embed-access.ts';
import { embedToken } from '../policy/route-guard.ts';
import { queryIdentity } from '../policy/row-security.ts';
import { runQuery } from '../query/run-query.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { DatasetRecord } from '../state/records.ts';
import { claimsOf, dashboardOr404, notAuthorized } from './guards.ts';

type TileParams = { dashboardId: string; tileId: string };

/**
 * A tile's visual and its data, for the dashboard and tile embeds. The data query is the pinned
 * visual's own, run here: a tile or dashboard token cannot send queries of its choosing.
 */
export function tileRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const resolve = (params: TileParams) => {
    const dashboard = dashboardOr404(context, params.dashboardId);
    const tile = dashboard.definition.tiles.find((candidate) => candidate.id === params.tileId);
    if (!tile) throw notFound(`Tile ${params.tileId}`);
    const report = context.registry.reports.get(tile.reportId)?.definition;
    const visual = report?.pages
      .find((page) => page.name === tile.pageName)
      ?.visuals.find((candidate) => candidate.name === tile.visualName);
    if (!report || !visual) throw notFound(`Visual ${tile.visualName} of tile ${tile.id}`);
    const dataset: DatasetRecord | undefined = context.registry.datasets.get(report.datasetId);
    if (!dataset) throw notFound(`Dataset ${report.datasetId}`);
    return { dashboard, tile, visual, dataset };
  };

  defineRoute<{ Params: TileParams }>(app, {
    method: 'GET',
    url: '/dashboards/:dashboardId/tiles/:tileId',
    guard: embedToken('readTile'),
    handler: (request) => {
      const claims = claimsOf(context, request);
      const { dashboard, tile, visual } = resolve(request.params);
      if (!canReadTile(context, claims, dashboard, tile.id)) throw notAuthorized(`tile ${tile.id}`);
      const view: TileView = { tile, visual };
      return view;
    },
  });

  defineRoute<{ Params: TileParams }>(app, {
    method: 'GET',
    url: '/dashboards/:dashboardId/tiles/:tileId/data',
    guard: embedToken('readTile'),
    queryRateLimit: true,
    handler: (request) => {
      const claims = claimsOf(context, request);
      const { dashboard, tile, visual, dataset } = resolve(request.params);
      if (!canReadTile(context, claims, dashboard, tile.id)) throw notAuthorized(`tile ${tile.id}`);
      // Tiles carry no filter context: the pinned visual's query, filtered by RLS only.
      return runQuery(
        context,
        dataset.model,
        { ...visual.query, datasetId: dataset.id, filters: [] },
        queryIdentity(context, claims, dataset),
      );
    },
  });
}
