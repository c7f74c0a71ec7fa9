import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getTenantSecurity,
  updateTenantSecurity,
} from '../../../modules/tenants/tenant-security.service.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

/** /api/tenants/{tenantId}/security: whether the tenant's people must use two-step verification. */
const security: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.getTenantSecurity),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getTenantSecurity(app.db, principalOf(request), request.params.tenantId);
    },
  });

  app.route({
    ...routeOf(app, endpoints.updateTenantSecurity),
    handler: (request) =>
      updateTenantSecurity(app.db, actorOf(request), request.params.tenantId, request.body),
  });
};

export default security;
