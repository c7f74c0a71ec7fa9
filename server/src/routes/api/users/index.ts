import {
  BulkInviteRequest,
  BulkInviteResponse,
  CreateUserRequest,
  ErrorBody,
  IdParams,
  Ok,
  TenantIdParams,
  UpdateUserRequest,
  User,
  UserList,
  endpoints,
} from '@canopy/portal-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeRole,
  chatContacts,
  createUser,
  deleteUser,
  listUsers,
  type UserDeps,
} from '../../../modules/users/users.service.ts';
import {
  inviteMany,
  resendInvitation,
  revokeInvitation,
} from '../../../modules/users/invitations.service.ts';
import { TenantPeopleCache } from '../../../modules/users/tenant-people-cache.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const userDeps = (app: FastifyInstance, request: FastifyRequest): UserDeps => ({
  db: app.db,
  mailer: app.mailer,
  publicUrl: app.config.publicUrl,
  warn: (details, message) => request.log.warn(details, message),
});

/**
 * A tenant's people. Super administrators manage anyone's; a tenant Admin their
 * own tenant's; a Viewer reads their tenant's list. Who may touch whom is in users.service.ts.
 */
const users: FastifyPluginAsyncZod = async (app) => {
  const people = new TenantPeopleCache();
  app.get(
    '/tenant/:tenantId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        operationId: 'listTenantUsers',
        summary: "A tenant's people",
        params: TenantIdParams,
        response: { 200: UserList, ...errors },
      },
    },
    async (request) => ({
      users: await listUsers(app.db, principalOf(request), request.params.tenantId, people),
    }),
  );

  app.post(
    '',
    {
      config: { access: 'tenant-admin' },
      schema: {
        tags: ['users'],
        operationId: 'inviteUser',
        summary: 'Invite a person to a tenant (the password sent is ignored; see server/README.md)',
        body: CreateUserRequest,
        response: { 201: User, ...errors, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await createUser(userDeps(app, request), actorOf(request), request.body);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/invitations',
    {
      config: { access: 'tenant-admin' },
      schema: {
        tags: ['users'],
        summary: 'Invite several people to a tenant with one role (a result per address)',
        operationId: 'inviteUsers',
        description:
          'Each address is invited like a single person; one that is not an email address ' +
          '(`invalid`) or already has an account (`exists`) is skipped, the others are created.',
        body: BulkInviteRequest,
        response: { 200: BulkInviteResponse, ...errors, 503: ErrorBody },
      },
    },
    async (request) => inviteMany(userDeps(app, request), actorOf(request), request.body),
  );

  app.post(
    '/invitations/:id',
    {
      config: { access: 'tenant-admin' },
      schema: {
        tags: ['users'],
        summary: 'Mail an invited person a new invitation link (the old one stops working)',
        operationId: 'resendInvitation',
        params: IdParams,
        response: { 200: User, ...errors, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) =>
      resendInvitation(userDeps(app, request), actorOf(request), request.params.id),
  );

  app.delete(
    '/invitations/:id',
    {
      config: { access: 'tenant-admin' },
      schema: {
        tags: ['users'],
        summary: 'Withdraw an invitation: delete the never-activated account and its links',
        operationId: 'revokeInvitation',
        params: IdParams,
        response: { 200: Ok, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      await revokeInvitation({ db: app.db }, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'tenant-admin' },
      schema: {
        tags: ['users'],
        operationId: 'updateUserRole',
        summary: "Change a person's role (ends their sessions)",
        params: IdParams,
        body: UpdateUserRequest,
        response: { 200: User, ...errors, 409: ErrorBody },
      },
    },
    async (request) => changeRole(app.db, actorOf(request), request.params.id, request.body.role),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'tenant-admin' },
      schema: {
        tags: ['users'],
        operationId: 'deleteUser',
        summary: 'Delete a person',
        params: IdParams,
        response: { 200: Ok, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      const deps = {
        db: app.db,
        storage: app.storage,
        warn: (details: Record<string, unknown>, message: string) =>
          request.log.warn(details, message),
      };
      await deleteUser(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // The team chat is between people of one tenant: super administrators have none.
  app.route({
    ...routeOf(app, endpoints.listChatContacts),
    handler: (request) => chatContacts(app.db, principalOf(request), request.params.tenantId),
  });
};

export default users;
