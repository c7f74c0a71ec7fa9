import { ReportSyncResult, TenantIdParams } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncTenantReports } from '../../../modules/reports/reports.service.ts';
import { analyticsErrors, reportAndTokenRoutes, reportDeps } from '../powerbi/report-deps.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';

/** The super administrator's side of reports: any tenant's list, token and sync. */
const adminReports: FastifyPluginAsyncZod = async (app) => {
  reportAndTokenRoutes(app, 'superadmin', '/powerbi');

  app.post(
    '/tenants/:tenantId/reports/sync',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reports'],
        operationId: 'syncTenantReports',
        summary: "Bring the server's report list in step with the tenant's workspace",
        params: TenantIdParams,
        response: { 200: ReportSyncResult, ...analyticsErrors },
      },
    },
    (request) => syncTenantReports(reportDeps(app), actorOf(request), request.params.tenantId),
  );
};

export default adminReports;
