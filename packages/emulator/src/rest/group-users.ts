import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { authorizeUserChange } from '../policy/user-policy.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { GroupUser } from '../state/records.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';

interface AddUserBody {
  groupUserAccessRight: GroupUser['groupUserAccessRight'];
  emailAddress?: string;
  identifier?: string;
  principalType?: GroupUser['principalType'];
  displayName?: string;
}

const addUserSchema: JsonSchema = {
  type: 'object',
  required: ['groupUserAccessRight'],
  properties: {
    groupUserAccessRight: {
      type: 'string',
      enum: ['Admin', 'Member', 'Contributor', 'Viewer', 'None'],
    },
    emailAddress: { type: 'string', minLength: 3 },
    identifier: { type: 'string', minLength: 1 },
    principalType: { type: 'string', enum: ['User', 'Group', 'App', 'None'] },
    displayName: { type: 'string' },
    profile: { type: 'object' },
  },
};

/** Workspace access: add (or update) a user, list users, remove a user. */
export function groupUserRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  defineRoute<{ Params: { groupId: string }; Body: AddUserBody }>(app, {
    method: 'POST',
    url: '/groups/:groupId/users',
    guard: workspaceRole('manageUsers'),
    body: addUserSchema,
    handler: (request, reply) => {
      const scope = restScope(context, request, prefix);
      const workspace = scope.workspace(request.params.groupId);
      const body = request.body;
      const identifier = body.identifier ?? body.emailAddress;
      if (!identifier)
        throw badRequest('Either emailAddress or identifier is required', 'identifier');
      authorizeUserChange(
        workspace,
        { principal: scope.claims.sub, role: scope.role ?? 'Viewer' },
        identifier,
        body.groupUserAccessRight,
      );
      const user: GroupUser = {
        groupUserAccessRight: body.groupUserAccessRight,
        identifier,
        principalType: body.principalType ?? 'User',
        ...(body.emailAddress ? { emailAddress: body.emailAddress } : {}),
        ...(body.displayName ? { displayName: body.displayName } : {}),
      };
      // Adding an existing principal updates its access right, as the cloud does.
      const existing = workspace.users.findIndex(
        (candidate) => candidate.identifier === identifier,
      );
      if (existing >= 0) workspace.users[existing] = user;
      else workspace.users.push(user);
      return reply.code(200).send();
    },
  });

  defineRoute<{ Params: { groupId: string } }>(app, {
    method: 'GET',
    url: '/groups/:groupId/users',
    guard: workspaceRole('readUsers'),
    handler: (request) => {
      const scope = restScope(context, request, prefix);
      const workspace = scope.workspace(request.params.groupId);
      return { '@odata.context': odataContext(scope.base, 'groupUsers'), value: workspace.users };
    },
  });

  defineRoute<{ Params: { groupId: string; user: string } }>(app, {
    method: 'DELETE',
    url: '/groups/:groupId/users/:user',
    guard: workspaceRole('manageUsers'),
    handler: (request, reply) => {
      const scope = restScope(context, request, prefix);
      const workspace = scope.workspace(request.params.groupId);
      const index = workspace.users.findIndex(
        (user) =>
          user.identifier === request.params.user || user.emailAddress === request.params.user,
      );
      if (index < 0) throw notFound(`User ${request.params.user}`);
      authorizeUserChange(
        workspace,
        { principal: scope.claims.sub, role: scope.role ?? 'Viewer' },
        request.params.user,
        undefined,
      );
      workspace.users.splice(index, 1);
      return reply.code(200).send();
    },
  });
}
