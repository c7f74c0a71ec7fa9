import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncTenantReports } from '../../../modules/reports/reports.service.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

/** /api/admin/tenants/{tenantId}/reports/sync: bring a tenant's report list up to date. */
const reportSync: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.syncTenantReports),
    handler: (request) => syncTenantReports(app.reports, actorOf(request), request.params.tenantId),
  });
};

export default reportSync;
