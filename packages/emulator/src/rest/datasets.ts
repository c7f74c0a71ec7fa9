import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { DatasetRecord } from '../state/records.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { datasetJson, refreshJson } from './representations.ts';
import { itemReadRoutes } from './item-reads.ts';
import { restScope, type RestScope } from './scope.ts';
import { odataContext } from './urls.ts';

type DatasetParams = { groupId?: string; datasetId: string };

/** A dataset by id, in the given workspace or (no groupId: "My workspace" paths) in any the caller reaches. */
export function findDataset(
  context: EmulatorContext,
  scope: RestScope,
  params: DatasetParams,
): DatasetRecord {
  if (params.groupId !== undefined) scope.workspace(params.groupId);
  const record = context.registry.datasets.get(params.datasetId);
  if (!record || (params.groupId !== undefined && record.groupId !== params.groupId)) {
    throw notFound(`Dataset ${params.datasetId}`);
  }
  return record;
}

/** The cloud keeps at most 60 refresh entries per dataset. */
const historyLimit = 60;

export function datasetRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  itemReadRoutes(app, context, prefix, {
    collection: 'datasets',
    scope: 'dataset',
    inWorkspace: (groupId) => context.registry.datasetsIn(groupId),
    find: (scope, groupId, datasetId) => findDataset(context, scope, { groupId, datasetId }),
    json: datasetJson,
  });

  const topQuery: JsonSchema = {
    type: 'object',
    properties: { $top: { type: 'integer', minimum: 1, maximum: historyLimit } },
  };
  const history = (
    request: FastifyRequest<{ Params: DatasetParams; Querystring: { $top?: number } }>,
  ) => {
    const scope = restScope(context, request, prefix);
    const record = findDataset(context, scope, request.params);
    const now = context.config.now();
    const top = request.query.$top ?? historyLimit;
    return {
      '@odata.context': odataContext(scope.base, 'refreshes'),
      value: record.refreshes
        .slice(0, top)
        .map((refresh, index) => refreshJson(refresh, record.refreshes.length - index, now)),
    };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/datasets/:datasetId/refreshes',
    guard: workspaceRole('read'),
    querystring: topQuery,
    handler: history,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/datasets/:datasetId/refreshes',
    guard: workspaceRole('read', 'dataset'),
    querystring: topQuery,
    handler: history,
  });

  /** On-demand refresh: 202, then the entry reads "Unknown" until refreshDurationMs has passed. */
  const refresh = (request: FastifyRequest<{ Params: DatasetParams }>, reply: FastifyReply) => {
    const scope = restScope(context, request, prefix);
    const record = findDataset(context, scope, request.params);
    const now = context.config.now();
    const requestId = randomUUID();
    record.refreshes.unshift({
      requestId,
      refreshType: 'ViaApi',
      startTime: new Date(now).toISOString(),
      endTime: new Date(now + context.config.refreshDurationMs).toISOString(),
      outcome: 'Completed',
    });
    record.refreshes.splice(historyLimit);
    return reply
      .code(202)
      .header(
        'location',
        `${scope.base}/v1.0/myorg/groups/${record.groupId}/datasets/${record.id}/refreshes/${requestId}`,
      )
      .header('x-ms-request-id', requestId)
      .send();
  };
  const refreshBody: JsonSchema = {
    type: ['object', 'null'],
    properties: {
      notifyOption: {
        type: 'string',
        enum: ['MailOnFailure', 'MailOnCompletion', 'NoNotification'],
      },
    },
  };
  defineRoute(app, {
    method: 'POST',
    url: '/groups/:groupId/datasets/:datasetId/refreshes',
    guard: workspaceRole('refresh'),
    body: refreshBody,
    handler: refresh,
  });
  defineRoute(app, {
    method: 'POST',
    url: '/datasets/:datasetId/refreshes',
    guard: workspaceRole('refresh', 'dataset'),
    body: refreshBody,
    handler: refresh,
  });
}
