import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import { restScope, type RestScope } from './scope.ts';
import { odataContext } from './urls.ts';

/** A kind of workspace item that the REST API reads the same way: reports, datasets, dashboards. */
export interface ItemKind<R> {
  /** The path segment and OData entity set, `reports`; the id parameter is `<scope>Id`. */
  collection: 'reports' | 'datasets' | 'dashboards';
  /** The item kind the guard resolves the workspace from on the "My workspace" path. */
  scope: 'report' | 'dataset' | 'dashboard';
  inWorkspace: (groupId: string) => R[];
  /** The item of the path, checked to be in `groupId` when the path names one; else a 404. */
  find: (scope: RestScope, groupId: string | undefined, id: string) => R;
  json: (base: string, record: R) => object;
}

type ItemParams = Record<string, string | undefined>;

/**
 * The three reads of an item kind: the workspace's list (`/groups/:groupId/reports`), and one item
 * under its workspace or on its own (`/groups/:groupId/reports/:reportId`, `/reports/:reportId`).
 */
export function itemReadRoutes<R>(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
  kind: ItemKind<R>,
): void {
  const idParam = `${kind.scope}Id`;
  defineRoute<{ Params: { groupId: string } }>(app, {
    method: 'GET',
    url: `/groups/:groupId/${kind.collection}`,
    guard: workspaceRole('read'),
    handler: (request) => {
      const scope = restScope(context, request, prefix);
      scope.workspace(request.params.groupId);
      return {
        '@odata.context': odataContext(
          scope.base,
          `groups/${request.params.groupId}/${kind.collection}`,
        ),
        value: kind
          .inWorkspace(request.params.groupId)
          .map((record) => kind.json(scope.base, record)),
      };
    },
  });

  const single = (request: FastifyRequest<{ Params: ItemParams }>) => {
    const scope = restScope(context, request, prefix);
    const record = kind.find(scope, request.params.groupId, request.params[idParam] ?? '');
    return {
      '@odata.context': odataContext(scope.base, `${kind.collection}/$entity`),
      ...kind.json(scope.base, record),
    };
  };
  defineRoute<{ Params: ItemParams }>(app, {
    method: 'GET',
    url: `/groups/:groupId/${kind.collection}/:${idParam}`,
    guard: workspaceRole('read'),
    handler: single,
  });
  defineRoute<{ Params: ItemParams }>(app, {
    method: 'GET',
    url: `/${kind.collection}/:${idParam}`,
    guard: workspaceRole('read', kind.scope),
    handler: single,
  });
}
