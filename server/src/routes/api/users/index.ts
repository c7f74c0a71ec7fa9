import { endpoints } from '@canopy/portal-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeRole,
  chatContacts,
  createUser,
  deleteUser,
  listUsers,
} from '../../../modules/users/users.service.ts';
import {
  inviteMany,
  resendInvitation,
  revokeInvitation,
} from '../../../modules/users/invitations.service.ts';
import { TenantPeopleCache } from '../../../modules/users/tenant-people-cache.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';
import mfaReset from './mfa-reset.ts';

/**
 * Per person who sends them (after authentication, so Admins behind one address do not share it),
 * per hour: each invitation mails someone, and one bulk request up to fifty people.
 */
const perPersonPerHour = (max: number) => ({
  max,
  timeWindow: 60 * 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => request.principal?.userId ?? request.ip,
});

/** A route's options (from routeOf) with a per-person hourly limit in its config. */
const limited = <R extends { config: object }>(route: R, max: number) => ({
  ...route,
  config: { ...route.config, rateLimit: perPersonPerHour(max) },
});

/** The user services with this request's logger for what fails after the answer is decided. */
const userDeps = (app: FastifyInstance, request: FastifyRequest) => ({
  ...app.users,
  warn: (details: Record<string, unknown>, message: string) => request.log.warn(details, message),
});

/**
 * A tenant's people. Super administrators manage anyone's; a tenant Admin their
 * own tenant's; a Viewer reads their tenant's list. Who may touch whom is in users.service.ts.
 */
const users: FastifyPluginAsyncZod = async (app) => {
  const people = new TenantPeopleCache();
  // /api/users/mfa/{id}: an administrator resets a person's second factors.
  await app.register(mfaReset);
  const { perHour, bulkPerHour } = app.config.invitations;
  app.route({
    ...routeOf(app, endpoints.listTenantUsers),
    handler: async (request) => ({
      users: await listUsers(app.db, principalOf(request), request.params.tenantId, people),
    }),
  });

  app.route({
    ...limited(routeOf(app, endpoints.inviteUser), perHour),
    handler: async (request, reply) => {
      const user = await createUser(userDeps(app, request), actorOf(request), request.body);
      return reply.code(201).send(user);
    },
  });

  app.route({
    ...limited(routeOf(app, endpoints.inviteUsers), bulkPerHour),
    handler: async (request) => inviteMany(userDeps(app, request), actorOf(request), request.body),
  });

  app.route({
    ...limited(routeOf(app, endpoints.resendInvitation), perHour),
    handler: async (request) =>
      resendInvitation(userDeps(app, request), actorOf(request), request.params.id),
  });

  app.route({
    ...routeOf(app, endpoints.revokeInvitation),
    handler: async (request) => {
      await revokeInvitation(app.users, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.route({
    ...routeOf(app, endpoints.updateUserRole),
    handler: async (request) =>
      changeRole(app.db, actorOf(request), request.params.id, request.body.role),
  });

  app.route({
    ...routeOf(app, endpoints.deleteUser),
    handler: async (request) => {
      await deleteUser(userDeps(app, request), actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  // The team chat is between people of one tenant: super administrators have none.
  app.route({
    ...routeOf(app, endpoints.listChatContacts),
    handler: (request) => chatContacts(app.db, principalOf(request), request.params.tenantId),
  });
};

export default users;
