import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueEmbedToken, listReports } from '../../../modules/reports/reports.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const sides = {
  'tenant-user': { list: endpoints.listMyReports, token: endpoints.createEmbedToken },
  superadmin: { list: endpoints.listTenantReports, token: endpoints.createTenantEmbedToken },
};

/**
 * The report list and the embed token, for tenant users (`/api/powerbi/…`) and for super
 * administrators (`/api/admin/powerbi/…`): the same services, which tell the two apart by the
 * principal. The bodies' `groupId` is the tenant's powerBiGroupId under the name clients send.
 */
export function reportAndTokenRoutes(app: App, side: keyof typeof sides) {
  const { list, token } = sides[side];
  app.route({
    ...routeOf(app, list),
    handler: async (request) => ({
      reports: await listReports(app.reports, principalOf(request), request.body.groupId),
    }),
  });
  app.route({
    ...routeOf(app, token),
    handler: (request) => {
      const { reportId, groupId: powerBiGroupId } = request.body;
      return issueEmbedToken(app.reports, principalOf(request), { reportId, powerBiGroupId });
    },
  });
}
