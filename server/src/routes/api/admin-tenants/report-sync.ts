import { ReportSyncResult, TenantIdParams } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncTenantReports } from '../../../modules/reports/reports.service.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';
import { analyticsErrors } from '../../analytics-errors.ts';

/** /api/admin/tenants/{tenantId}/reports/sync: bring a tenant's report list up to date. */
const reportSync: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:tenantId/reports/sync',
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
    (request) => syncTenantReports(app.reports, actorOf(request), request.params.tenantId),
  );
};

export default reportSync;
