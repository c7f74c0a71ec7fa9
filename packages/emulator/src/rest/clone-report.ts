import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { forbidden, notMember } from '../policy/denials.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { can, roleOf } from '../policy/workspace-roles.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { findReport } from './reports.ts';
import { reportJson } from './representations.ts';
import { guidPattern } from './rest-shapes.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';

interface CloneBody {
  name: string;
  targetWorkspaceId?: string;
  targetModelId?: string;
}
type CloneParams = { groupId?: string; reportId: string };

const cloneBody: JsonSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256 },
    // A workspace id is a GUID (the empty GUID is My workspace); the service answers 400 otherwise.
    targetWorkspaceId: { type: 'string', pattern: guidPattern },
    targetModelId: { type: 'string', minLength: 1, maxLength: 64 },
  },
};

/**
 * Clone Report: a copy of a report's definition (pages, visuals, bookmarks) under a new id, in the
 * same or another workspace, bound to the same dataset or to `targetModelId`. Hosts use it to hand
 * each tenant's workspace its own copy of template reports. The route's guard checks read access
 * to the source; the handler checks the caller may create content in the target workspace and read
 * the target dataset, as the service does.
 */
export function cloneReportRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  const clone = (request: FastifyRequest<{ Params: CloneParams; Body: CloneBody }>) => {
    const scope = restScope(context, request, prefix);
    const source = findReport(context, scope, request.params);
    const name = request.body.name.trim();
    if (name === '') throw badRequest('name must not be blank', 'name');
    const targetGroupId = request.body.targetWorkspaceId ?? source.groupId;
    const caller = scope.claims.sub;
    if (!context.registry.workspaces.has(targetGroupId)) {
      throw notFound(`Workspace ${targetGroupId}`);
    }
    if (!roleOf(context.registry, targetGroupId, caller)) throw notMember();
    if (!can(context.registry, targetGroupId, caller, 'createContent')) {
      throw forbidden('The caller may not create content in the target workspace');
    }
    const datasetId = request.body.targetModelId ?? source.definition.datasetId;
    if (request.body.targetModelId !== undefined) {
      const dataset = context.registry.datasets.get(datasetId);
      if (!dataset) throw notFound(`Dataset ${datasetId}`);
      if (!roleOf(context.registry, dataset.groupId, caller)) throw notMember();
    }
    // structuredClone: the copy must not share page or visual objects with the template.
    const definition = { ...structuredClone(source.definition), id: randomUUID(), name, datasetId };
    const record = context.registry.addReport(targetGroupId, definition);
    return {
      '@odata.context': odataContext(scope.base, 'reports/$entity'),
      ...reportJson(scope.base, record),
    };
  };
  defineRoute(app, {
    method: 'POST',
    url: '/groups/:groupId/reports/:reportId/Clone',
    guard: workspaceRole('read'),
    body: cloneBody,
    handler: clone,
  });
  defineRoute(app, {
    method: 'POST',
    url: '/reports/:reportId/Clone',
    guard: workspaceRole('read', 'report'),
    body: cloneBody,
    handler: clone,
  });
}
