import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getTenantSettings,
  updateTenantSettings,
} from '../../../modules/tenants/tenant-settings.service.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';
import groups from './groups.ts';
import security from './security.ts';

/** A tenant's branding: read by its members and super admins, changed by its Admin. */
const tenants: FastifyPluginAsyncZod = async (app) => {
  // /api/tenants/{tenantId}/groups and the access matrix.
  await app.register(groups);
  // /api/tenants/{tenantId}/security: the two-step verification policy.
  await app.register(security);

  app.route({
    ...routeOf(app, endpoints.getTenantSettings),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getTenantSettings(app.db, principalOf(request), request.params.tenantId);
    },
  });

  app.route({
    ...routeOf(app, endpoints.updateTenantSettings),
    handler: (request) =>
      updateTenantSettings(app.db, actorOf(request), request.params.tenantId, request.body),
  });
};

export default tenants;
