import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { ReportRecord } from '../state/records.ts';
import { pageJson, reportJson } from './representations.ts';
import { itemReadRoutes } from './item-reads.ts';
import { restScope, type RestScope } from './scope.ts';
import { odataContext } from './urls.ts';

type ReportParams = { groupId?: string; reportId: string };

/** A report by id, in the given workspace or (no groupId: "My workspace" paths) in any the caller reaches. */
export function findReport(
  context: EmulatorContext,
  scope: RestScope,
  params: ReportParams,
): ReportRecord {
  if (params.groupId !== undefined) scope.workspace(params.groupId);
  const record = context.registry.reports.get(params.reportId);
  if (!record || (params.groupId !== undefined && record.groupId !== params.groupId)) {
    throw notFound(`Report ${params.reportId}`);
  }
  return record;
}

export function reportRoutes(app: FastifyInstance, context: EmulatorContext, prefix: string): void {
  itemReadRoutes(app, context, prefix, {
    collection: 'reports',
    scope: 'report',
    inWorkspace: (groupId) => context.registry.reportsIn(groupId),
    find: (scope, groupId, reportId) => findReport(context, scope, { groupId, reportId }),
    json: reportJson,
  });

  const pages = (request: FastifyRequest<{ Params: ReportParams }>) => {
    const scope = restScope(context, request, prefix);
    const record = findReport(context, scope, request.params);
    return { '@odata.context': odataContext(scope.base, 'pages'), value: pageJson(record) };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/reports/:reportId/pages',
    guard: workspaceRole('read'),
    handler: pages,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/reports/:reportId/pages',
    guard: workspaceRole('read', 'report'),
    handler: pages,
  });

  const page = (request: FastifyRequest<{ Params: ReportParams & { pageName: string } }>) => {
    const scope = restScope(context, request, prefix);
    const record = findReport(context, scope, request.params);
    const found = pageJson(record).find((candidate) => candidate.name === request.params.pageName);
    if (!found) throw notFound(`Page ${request.params.pageName}`);
    return { '@odata.context': odataContext(scope.base, 'pages/$entity'), ...found };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/reports/:reportId/pages/:pageName',
    guard: workspaceRole('read'),
    handler: page,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/reports/:reportId/pages/:pageName',
    guard: workspaceRole('read', 'report'),
    handler: page,
  });

  defineRoute<{ Params: { groupId: string; reportId: string } }>(app, {
    method: 'DELETE',
    url: '/groups/:groupId/reports/:reportId',
    guard: workspaceRole('deleteContent'),
    handler: (request, reply) => {
      const scope = restScope(context, request, prefix);
      findReport(context, scope, request.params);
      context.registry.reports.delete(request.params.reportId);
      return reply.code(200).send();
    },
  });
}
