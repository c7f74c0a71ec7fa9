import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { DashboardRecord } from '../state/records.ts';
import { dashboardJson, tileJson } from './representations.ts';
import { itemReadRoutes } from './item-reads.ts';
import { restScope, type RestScope } from './scope.ts';
import { odataContext } from './urls.ts';

type DashboardParams = { groupId?: string; dashboardId: string };

function findDashboard(
  context: EmulatorContext,
  scope: RestScope,
  params: DashboardParams,
): DashboardRecord {
  if (params.groupId !== undefined) scope.workspace(params.groupId);
  const record = context.registry.dashboards.get(params.dashboardId);
  if (!record || (params.groupId !== undefined && record.groupId !== params.groupId)) {
    throw notFound(`Dashboard ${params.dashboardId}`);
  }
  return record;
}

export function dashboardRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  itemReadRoutes(app, context, prefix, {
    collection: 'dashboards',
    scope: 'dashboard',
    inWorkspace: (groupId) => context.registry.dashboardsIn(groupId),
    find: (scope, groupId, dashboardId) => findDashboard(context, scope, { groupId, dashboardId }),
    json: dashboardJson,
  });

  const datasetOf = (reportId: string) => {
    const report = context.registry.reports.get(reportId)?.definition;
    return report?.reportType === 'PowerBIReport' ? report.datasetId : undefined;
  };
  const tiles = (request: FastifyRequest<{ Params: DashboardParams }>) => {
    const scope = restScope(context, request, prefix);
    const record = findDashboard(context, scope, request.params);
    return {
      '@odata.context': odataContext(scope.base, 'tiles'),
      value: record.definition.tiles.map((tile, index) =>
        tileJson(scope.base, record, index, datasetOf(tile.reportId)),
      ),
    };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/dashboards/:dashboardId/tiles',
    guard: workspaceRole('read'),
    handler: tiles,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/dashboards/:dashboardId/tiles',
    guard: workspaceRole('read', 'dashboard'),
    handler: tiles,
  });

  const tile = (request: FastifyRequest<{ Params: DashboardParams & { tileId: string } }>) => {
    const scope = restScope(context, request, prefix);
    const record = findDashboard(context, scope, request.params);
    const index = record.definition.tiles.findIndex(
      (candidate) => candidate.id === request.params.tileId,
    );
    const found = record.definition.tiles[index];
    if (!found) throw notFound(`Tile ${request.params.tileId}`);
    return {
      '@odata.context': odataContext(scope.base, 'tiles/$entity'),
      ...tileJson(scope.base, record, index, datasetOf(found.reportId)),
    };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/dashboards/:dashboardId/tiles/:tileId',
    guard: workspaceRole('read'),
    handler: tile,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/dashboards/:dashboardId/tiles/:tileId',
    guard: workspaceRole('read', 'dashboard'),
    handler: tile,
  });
}
