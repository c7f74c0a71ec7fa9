import { endpoints } from '@canopy/portal-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import {
  createTenant,
  deleteTenant,
  getTenant,
  getTenants,
  updateTenant,
} from '../../../modules/tenants/tenants.service.ts';
import { routeOf } from '../../route-of.ts';
import tenantIntegrations from './integrations.ts';
import reportSync from './report-sync.ts';

/** The tenant services with this request's logger for the best-effort mail and clean-up. */
const tenantDeps = (app: FastifyInstance, request: FastifyRequest) => ({
  ...app.tenants,
  warn: (details: Record<string, unknown>, message: string) => request.log.warn(details, message),
});

/** Tenant management: super administrators (and a tenant Admin reading their own tenant). */
const adminTenants: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listTenants),
    handler: async () => ({ tenants: await getTenants(app.db) }),
  });

  app.route({
    ...routeOf(app, endpoints.getTenant),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getTenant(app.db, principalOf(request), request.params.id);
    },
  });

  app.route({
    ...routeOf(app, endpoints.createTenant),
    handler: async (request, reply) => {
      const tenant = await createTenant(tenantDeps(app, request), actorOf(request), request.body);
      return reply.code(201).send(tenant);
    },
  });

  app.route({
    ...routeOf(app, endpoints.updateTenant),
    handler: (request) => updateTenant(app.db, actorOf(request), request.params.id, request.body),
  });

  // A tenant's sub-resources, each in its own file.
  await app.register(tenantIntegrations);
  await app.register(reportSync);

  app.route({
    ...routeOf(app, endpoints.deleteTenant),
    handler: async (request) => {
      await deleteTenant(tenantDeps(app, request), actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });
};

export default adminTenants;
