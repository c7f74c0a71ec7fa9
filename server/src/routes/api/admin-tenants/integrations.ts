import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listIntegrations } from '../../../modules/integrations/integrations.service.ts';
import { routeOf } from '../../route-of.ts';

/** /api/admin/tenants/{tenantId}/integrations: one tenant's integrations (super administrators). */
const tenantIntegrations: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listTenantIntegrations),
    handler: (request) => listIntegrations(app.db, request.params.tenantId),
  });
};

export default tenantIntegrations;
