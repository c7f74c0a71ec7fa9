import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { anyAppToken, workspaceRole } from '../policy/route-guard.ts';
import { roleOf } from '../policy/workspace-roles.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { ProfileRecord } from '../state/records.ts';
import {
  appPrincipal,
  freshContentIds,
  profilePrincipal,
  seedWorkspaceContent,
} from '../state/seed.ts';
import { listQuerySchema, odataText, pageOf, type ListQuery } from './odata-list.ts';
import { groupJson } from './representations.ts';
import { guidPattern } from './rest-shapes.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';

/** The small OData $filter subset hosts use to find a workspace: `name eq '…'` and `contains(name,'…')`. */
function nameFilter(filter: string | undefined): ((name: string) => boolean) | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const eq = /^\s*name\s+eq\s+'((?:[^']|'')*)'\s*$/i.exec(filter);
  if (eq?.[1] !== undefined) {
    const wanted = odataText(eq[1]);
    return (name) => name === wanted;
  }
  const contains = /^\s*contains\(\s*name\s*,\s*'((?:[^']|'')*)'\s*\)\s*$/i.exec(filter);
  if (contains?.[1] !== undefined) {
    const part = odataText(contains[1]).toLowerCase();
    return (name) => name.toLowerCase().includes(part);
  }
  throw badRequest("Unsupported $filter: use name eq '…' or contains(name,'…')", '$filter');
}

/**
 * The service supports up to 1,000 workspaces per principal; past the configured count a new
 * workspace still succeeds (the service does not refuse it either), with a warning that names the
 * way out: one profile per customer, each profile with its own workspaces.
 */
function workspaceLimitWarning(
  context: EmulatorContext,
  principal: string,
  profile: ProfileRecord | undefined,
): string | undefined {
  const limit = context.config.workspacesPerPrincipalWarning;
  if (limit === 0) return undefined;
  const count = context.registry.workspaceCountOf(principal);
  if (count <= limit) return undefined;
  const who = profile ? `Profile ${profile.id}` : `Service principal ${principal}`;
  return `${who} now has access to ${count} workspaces, more than the ${limit} the service supports per principal; use service principal profiles (one per customer) to go beyond`;
}

export function groupRoutes(app: FastifyInstance, context: EmulatorContext, prefix: string): void {
  // Any app token: the list holds the workspaces the caller is a member of.
  defineRoute<{ Querystring: ListQuery }>(app, {
    method: 'GET',
    url: '/groups',
    guard: anyAppToken(),
    querystring: listQuerySchema,
    handler: (request) => {
      const scope = restScope(context, request, prefix);
      const matches = nameFilter(request.query.$filter);
      const all = [...context.registry.workspaces.values()]
        .filter((workspace) => roleOf(context.registry, workspace.id, scope.claims.sub))
        .filter((workspace) => !matches || matches(workspace.name));
      return {
        '@odata.context': odataContext(scope.base, 'groups'),
        '@odata.count': all.length,
        value: pageOf(all, request.query).map(groupJson),
      };
    },
  });

  defineRoute<{ Params: { groupId: string } }>(app, {
    method: 'GET',
    url: '/groups/:groupId',
    guard: workspaceRole('read'),
    handler: (request) => {
      const scope = restScope(context, request, prefix);
      return {
        '@odata.context': odataContext(scope.base, 'groups/$entity'),
        ...groupJson(scope.workspace(request.params.groupId)),
      };
    },
  });

  defineRoute<{ Body: { name: string }; Querystring: { workspaceV2?: boolean } }>(app, {
    method: 'POST',
    url: '/groups',
    guard: anyAppToken(),
    querystring: { type: 'object', properties: { workspaceV2: { type: 'boolean' } } },
    body: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 256 } },
    },
    handler: (request, reply) => {
      const scope = restScope(context, request, prefix);
      const name = request.body.name.trim();
      if (name === '') throw badRequest('name must not be blank', 'name');
      // The caller becomes the workspace Admin, as in the cloud: the service principal itself, or
      // the profile it acts as (listed with the principal's id and the profile).
      const creator = scope.profile
        ? profilePrincipal(scope.profile)
        : appPrincipal(
            scope.claims.sub,
            context.config.clients.find((client) => client.clientId === scope.claims.sub)
              ?.displayName,
          );
      const workspace = context.registry.createWorkspace(name, creator);
      if (context.config.populateNewWorkspaces) {
        seedWorkspaceContent(
          context.registry,
          workspace.id,
          freshContentIds(),
          scope.claims.sub,
          context.config.now(),
        );
      }
      const warning = workspaceLimitWarning(context, scope.claims.sub, scope.profile);
      if (warning) {
        request.log.warn({ principal: scope.claims.sub }, warning);
        void reply.header('x-emulator-warning', warning);
      }
      return {
        '@odata.context': odataContext(scope.base, 'groups/$entity'),
        ...groupJson(workspace),
      };
    },
  });

  defineRoute<{ Params: { groupId: string } }>(app, {
    method: 'DELETE',
    url: '/groups/:groupId',
    guard: workspaceRole('deleteWorkspace'),
    handler: (request, reply) => {
      const scope = restScope(context, request, prefix);
      scope.workspace(request.params.groupId);
      context.registry.deleteWorkspace(request.params.groupId);
      return reply.code(200).send();
    },
  });

  defineRoute<{ Params: { groupId: string }; Body: { capacityId: string } }>(app, {
    method: 'POST',
    url: '/groups/:groupId/AssignToCapacity',
    guard: workspaceRole('assignCapacity'),
    body: {
      type: 'object',
      required: ['capacityId'],
      // A capacity is named by its GUID; the service answers 400 to anything else.
      properties: { capacityId: { type: 'string', pattern: guidPattern } },
    },
    handler: (request, reply) => {
      const workspace = restScope(context, request, prefix).workspace(request.params.groupId);
      // The all-zero GUID is the cloud's way to move a workspace back to shared capacity.
      const shared = /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(request.body.capacityId);
      workspace.isOnDedicatedCapacity = !shared;
      if (shared) delete workspace.capacityId;
      else workspace.capacityId = request.body.capacityId;
      return reply.code(200).send();
    },
  });
}
