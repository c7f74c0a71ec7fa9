import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { servicePrincipalOnly } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { ProfileRecord } from '../state/records.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { listQuerySchema, odataText, pageOf, type ListQuery } from './odata-list.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';

const profileBody: JsonSchema = {
  type: 'object',
  required: ['displayName'],
  properties: { displayName: { type: 'string', minLength: 1, maxLength: 256 } },
};

/** The one $filter the service documents for profiles: `displayName eq '…'`. */
function displayNameFilter(filter: string | undefined): ((name: string) => boolean) | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const eq = /^\s*displayName\s+eq\s+'((?:[^']|'')*)'\s*$/i.exec(filter);
  if (eq?.[1] === undefined) {
    throw badRequest("Unsupported $filter: use displayName eq '…'", '$filter');
  }
  const wanted = odataText(eq[1]);
  return (name) => name === wanted;
}

const profileJson = (profile: ProfileRecord) => ({
  id: profile.id,
  displayName: profile.displayName,
});

/**
 * Service principal profiles (`/profiles`): a service principal creates, lists, renames and deletes
 * its own profiles, then acts as one by sending `X-PowerBI-profile-id` on any other call (see
 * policy/acting-principal.ts). Only the principal itself may call these, never a profile, and it
 * sees only the profiles it created: another principal's profile is a 404, like a missing one.
 */
export function profileRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  const { registry } = context;
  const ownProfile = (servicePrincipalId: string, profileId: string): ProfileRecord => {
    const profile = registry.profiles.get(profileId.toLowerCase());
    if (!profile || profile.servicePrincipalId !== servicePrincipalId) {
      throw notFound(`Profile ${profileId}`);
    }
    return profile;
  };

  defineRoute<{ Body: { displayName: string } }>(app, {
    method: 'POST',
    url: '/profiles',
    guard: servicePrincipalOnly(),
    body: profileBody,
    handler: (request) => {
      const scope = restScope(context, request, prefix);
      const displayName = request.body.displayName.trim();
      if (displayName === '') throw badRequest('displayName must not be blank', 'displayName');
      const owned = [...registry.profiles.values()].filter(
        (profile) => profile.servicePrincipalId === scope.claims.sub,
      );
      if (owned.length >= context.config.profilesPerPrincipal) {
        throw badRequest(
          `A service principal can have at most ${context.config.profilesPerPrincipal} profiles`,
          'displayName',
        );
      }
      const profile: ProfileRecord = {
        id: randomUUID(),
        displayName,
        servicePrincipalId: scope.claims.sub,
      };
      registry.profiles.set(profile.id, profile);
      return {
        '@odata.context': odataContext(scope.base, 'profiles/$entity'),
        ...profileJson(profile),
      };
    },
  });

  defineRoute<{ Querystring: ListQuery }>(app, {
    method: 'GET',
    url: '/profiles',
    guard: servicePrincipalOnly(),
    querystring: listQuerySchema,
    handler: (request) => {
      const scope = restScope(context, request, prefix);
      const matches = displayNameFilter(request.query.$filter);
      const all = [...registry.profiles.values()].filter(
        (profile) =>
          profile.servicePrincipalId === scope.claims.sub &&
          (!matches || matches(profile.displayName)),
      );
      return {
        '@odata.context': odataContext(scope.base, 'profiles'),
        value: pageOf(all, request.query).map(profileJson),
      };
    },
  });

  defineRoute<{ Params: { profileId: string } }>(app, {
    method: 'GET',
    url: '/profiles/:profileId',
    guard: servicePrincipalOnly(),
    handler: (request) => {
      const scope = restScope(context, request, prefix);
      return {
        '@odata.context': odataContext(scope.base, 'profiles/$entity'),
        ...profileJson(ownProfile(scope.claims.sub, request.params.profileId)),
      };
    },
  });

  // Update Profile is a PUT in the service's description: it renames the profile.
  defineRoute<{ Params: { profileId: string }; Body: { displayName: string } }>(app, {
    method: 'PUT',
    url: '/profiles/:profileId',
    guard: servicePrincipalOnly(),
    body: profileBody,
    handler: (request) => {
      const scope = restScope(context, request, prefix);
      const profile = ownProfile(scope.claims.sub, request.params.profileId);
      const displayName = request.body.displayName.trim();
      if (displayName === '') throw badRequest('displayName must not be blank', 'displayName');
      profile.displayName = displayName;
      for (const workspace of registry.workspaces.values()) {
        for (const user of workspace.users) {
          if (user.profile?.id === profile.id) user.profile.displayName = displayName;
        }
      }
      return {
        '@odata.context': odataContext(scope.base, 'profiles/$entity'),
        ...profileJson(profile),
      };
    },
  });

  defineRoute<{ Params: { profileId: string } }>(app, {
    method: 'DELETE',
    url: '/profiles/:profileId',
    guard: servicePrincipalOnly(),
    handler: (request, reply) => {
      const scope = restScope(context, request, prefix);
      const profile = ownProfile(scope.claims.sub, request.params.profileId);
      registry.deleteProfile(profile.id);
      return reply.code(200).send();
    },
  });
}
