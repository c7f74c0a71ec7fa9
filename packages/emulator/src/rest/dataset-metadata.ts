import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { DatasetRecord } from '../state/records.ts';
import { findDataset } from './datasets.ts';
import { isPushDataset } from './push-datasets.ts';
import { findReport } from './reports.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';

type DatasetParams = { groupId?: string; datasetId: string };
type ReportParams = { groupId?: string; reportId: string };

/** A stable GUID derived from a name, so the same dataset always lists the same ids. */
function stableGuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The data source of a dataset, in the service's Datasource shape. The generated sales data lives in
 * the emulator's own analytical database, shown as one SQL source; push datasets have none (their
 * rows come through the API).
 */
function datasourcesOf(record: DatasetRecord) {
  if (isPushDataset(record)) return [];
  return [
    {
      datasourceType: 'Sql',
      connectionDetails: { server: 'canopy-emulator.local', database: 'sales' },
      datasourceId: stableGuid(`datasource:${record.id}`),
      gatewayId: stableGuid(`gateway:${record.groupId}`),
    },
  ];
}

/** Workspace roles as dataset permissions: what each role may do with the workspace's datasets. */
const datasetRightOfRole = {
  Admin: 'ReadWriteReshareExplore',
  Member: 'ReadWriteReshareExplore',
  Contributor: 'ReadWriteExplore',
  Viewer: 'Read',
} as const;

/**
 * Read-only facts about datasets and reports beyond the catalogue: parameters, data sources and who
 * may use a dataset. Every route passes the guard it declares first.
 */
export function datasetMetadataRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  // The generated model is defined without Power Query parameters: an empty list, as the service
  // answers for such a dataset.
  const parameters = (request: FastifyRequest<{ Params: DatasetParams }>) => {
    const scope = restScope(context, request, prefix);
    findDataset(context, scope, request.params);
    return { '@odata.context': odataContext(scope.base, 'parameters'), value: [] };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/datasets/:datasetId/parameters',
    guard: workspaceRole('read'),
    handler: parameters,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/datasets/:datasetId/parameters',
    guard: workspaceRole('read', 'dataset'),
    handler: parameters,
  });

  const datasetSources = (request: FastifyRequest<{ Params: DatasetParams }>) => {
    const scope = restScope(context, request, prefix);
    const record = findDataset(context, scope, request.params);
    return {
      '@odata.context': odataContext(scope.base, 'datasources'),
      value: datasourcesOf(record),
    };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/datasets/:datasetId/datasources',
    guard: workspaceRole('read'),
    handler: datasetSources,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/datasets/:datasetId/datasources',
    guard: workspaceRole('read', 'dataset'),
    handler: datasetSources,
  });

  // A report's data sources are those of the dataset it reads.
  const reportSources = (request: FastifyRequest<{ Params: ReportParams }>) => {
    const scope = restScope(context, request, prefix);
    const { definition } = findReport(context, scope, request.params);
    const dataset = context.registry.datasets.get(definition.datasetId);
    return {
      '@odata.context': odataContext(scope.base, 'datasources'),
      value: dataset ? datasourcesOf(dataset) : [],
    };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/reports/:reportId/datasources',
    guard: workspaceRole('read'),
    handler: reportSources,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/reports/:reportId/datasources',
    guard: workspaceRole('read', 'report'),
    handler: reportSources,
  });

  // Who may use the dataset: the members of its workspace, each with the permission its role gives.
  const users = (request: FastifyRequest<{ Params: DatasetParams }>) => {
    const scope = restScope(context, request, prefix);
    const record = findDataset(context, scope, request.params);
    const workspace = scope.workspace(record.groupId);
    return {
      '@odata.context': odataContext(scope.base, 'datasetUsers'),
      value: workspace.users
        .filter((user) => user.groupUserAccessRight !== 'None')
        .map((user) => ({
          identifier: user.identifier,
          principalType: user.principalType,
          datasetUserAccessRight:
            datasetRightOfRole[user.groupUserAccessRight as keyof typeof datasetRightOfRole],
        })),
    };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/datasets/:datasetId/users',
    guard: workspaceRole('readUsers'),
    handler: users,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/datasets/:datasetId/users',
    guard: workspaceRole('readUsers', 'dataset'),
    handler: users,
  });
}
