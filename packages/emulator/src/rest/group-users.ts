import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { isPrincipal } from '../state/is-principal.ts';
import { authorizeUserChange } from '../policy/user-policy.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { GroupUser } from '../state/records.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { guidPattern } from './rest-shapes.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';

interface AddUserBody {
  groupUserAccessRight: GroupUser['groupUserAccessRight'];
  emailAddress?: string;
  identifier?: string;
  principalType?: GroupUser['principalType'];
  displayName?: string;
  /** Grants the access to one of the service principal's profiles (`identifier` is the principal). */
  profile?: { id: string };
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
    profile: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', pattern: guidPattern } },
    },
  },
};

/**
 * Workspace access: add (or update) a user, list users, remove a user. A service principal, or one
 * of its profiles, may grant access to another of its profiles (`profile: { id }`, with the
 * principal as `identifier`), as the service documents for moving workspaces to profiles.
 */
export function groupUserRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  const profileOf = (servicePrincipalId: string, profileId: string) => {
    const profile = context.registry.profiles.get(profileId.toLowerCase());
    if (!profile || profile.servicePrincipalId !== servicePrincipalId) {
      throw notFound(`Profile ${profileId} of ${servicePrincipalId}`);
    }
    return profile;
  };
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
      const profile = body.profile ? profileOf(identifier, body.profile.id) : undefined;
      // A profile's entry is keyed by the profile; any other by its identifier.
      const key = profile?.id ?? identifier;
      authorizeUserChange(
        workspace,
        { principal: scope.claims.sub, role: scope.role ?? 'Viewer' },
        key,
        body.groupUserAccessRight,
      );
      const user: GroupUser = {
        groupUserAccessRight: body.groupUserAccessRight,
        identifier,
        principalType: profile ? 'App' : (body.principalType ?? 'User'),
        ...(body.emailAddress ? { emailAddress: body.emailAddress } : {}),
        ...(body.displayName ? { displayName: body.displayName } : {}),
        ...(profile ? { profile: { id: profile.id, displayName: profile.displayName } } : {}),
      };
      // Adding an existing principal updates its access right, as the cloud does.
      const existing = workspace.users.findIndex((candidate) =>
        profile
          ? candidate.profile?.id === profile.id
          : !candidate.profile && candidate.identifier === identifier,
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

  defineRoute<{ Params: { groupId: string; user: string }; Querystring: { profileId?: string } }>(
    app,
    {
      method: 'DELETE',
      url: '/groups/:groupId/users/:user',
      guard: workspaceRole('manageUsers'),
      querystring: {
        type: 'object',
        properties: { profileId: { type: 'string', pattern: guidPattern } },
      },
      handler: (request, reply) => {
        const scope = restScope(context, request, prefix);
        const workspace = scope.workspace(request.params.groupId);
        const who = request.params.user;
        const profileId = request.query.profileId?.toLowerCase();
        // `?profileId=` removes the access of that profile of the principal `user`; without it,
        // the access of `user` itself (never one of its profiles').
        const index = workspace.users.findIndex((user) =>
          profileId === undefined
            ? isPrincipal(user, who) && !user.profile
            : user.profile?.id === profileId && user.identifier === who,
        );
        if (index < 0) throw notFound(`User ${who}`);
        authorizeUserChange(
          workspace,
          { principal: scope.claims.sub, role: scope.role ?? 'Viewer' },
          profileId ?? who,
          undefined,
        );
        workspace.users.splice(index, 1);
        return reply.code(200).send();
      },
    },
  );
}
