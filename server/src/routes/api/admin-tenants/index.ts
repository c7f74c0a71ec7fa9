import {
  CreateTenantRequest,
  ErrorBody,
  IdParams,
  Ok,
  Tenant,
  TenantList,
  UpdateTenantRequest,
} from '@canopy/portal-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import {
  createTenant,
  deleteTenant,
  getTenant,
  getTenants,
  updateTenant,
  type TenantDeps,
} from '../../../modules/tenants/tenants.service.ts';
import tenantIntegrations from './integrations.ts';
import reportSync from './report-sync.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const tenantDeps = (app: FastifyInstance, request: FastifyRequest): TenantDeps => ({
  db: app.db,
  workspaces: app.workspaces,
  storage: app.storage,
  mailer: app.mailer,
  publicUrl: app.config.publicUrl,
  warn: (details, message) => request.log.warn(details, message),
});

/** Tenant management: super administrators. */
const adminTenants: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['tenants'],
        operationId: 'listTenants',
        summary: 'List every tenant',
        response: { 200: TenantList, ...errors },
      },
    },
    async () => ({ tenants: await getTenants(app.db) }),
  );

  app.get(
    '/:id',
    {
      // Tenant Admins may read their own tenant here: the SPA loads their branding from it.
      config: { access: 'tenant-admin' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenant',
        summary: 'One tenant (super administrators: any; a tenant Admin: their own)',
        params: IdParams,
        response: { 200: Tenant, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getTenant(app.db, principalOf(request), request.params.id);
    },
  );

  app.post(
    '',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['tenants'],
        operationId: 'createTenant',
        summary:
          'Create a tenant, invite its administrator, and make its analytics workspace unless createPowerBIWorkspace is false',
        description:
          "The admin email becomes the tenant's first Admin, invited by mail (7-day link). An " +
          'email that already belongs to someone is refused (409 ADMIN_EMAIL_TAKEN) and nothing ' +
          'is created.',
        body: CreateTenantRequest,
        response: { 201: Tenant, ...errors, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const tenant = await createTenant(tenantDeps(app, request), actorOf(request), request.body);
      return reply.code(201).send(tenant);
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['tenants'],
        operationId: 'updateTenant',
        summary: 'Change a tenant',
        params: IdParams,
        body: UpdateTenantRequest,
        response: { 200: Tenant, ...errors },
      },
    },
    async (request) => updateTenant(app.db, actorOf(request), request.params.id, request.body),
  );

  // A tenant's sub-resources, each in its own file.
  await app.register(tenantIntegrations);
  await app.register(reportSync);

  app.delete(
    '/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['tenants'],
        operationId: 'deleteTenant',
        summary: 'Delete a tenant with its people, sessions, grants, integrations and messages',
        params: IdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await deleteTenant(tenantDeps(app, request), actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};

export default adminTenants;
