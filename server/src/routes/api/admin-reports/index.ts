import {
  EmbedToken,
  EmbedTokenRequest,
  ErrorBody,
  GroupIdBody,
  ReportList,
  ReportSyncResult,
  TenantIdParams,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  issueEmbedToken,
  listReports,
  syncTenantReports,
} from '../../../modules/reports/reports.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { reportDeps } from '../powerbi/report-deps.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
  504: ErrorBody,
};

/** The super administrator's side of reports: any tenant's list, token and sync. */
const adminReports: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/powerbi/reports',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reports'],
        summary: "Every report of a tenant's workspace",
        body: GroupIdBody,
        response: { 200: ReportList, ...errors },
      },
    },
    async (request) => ({
      reports: await listReports(reportDeps(app), principalOf(request), request.body.groupId),
    }),
  );

  app.post(
    '/powerbi/embed-token',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reports'],
        summary: "An embed token for any tenant's report",
        body: EmbedTokenRequest,
        response: { 200: EmbedToken, ...errors },
      },
    },
    (request) => issueEmbedToken(reportDeps(app), principalOf(request), request.body),
  );

  app.post(
    '/tenants/:tenantId/reports/sync',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reports'],
        summary: "Bring the server's report list in step with the tenant's workspace",
        params: TenantIdParams,
        response: { 200: ReportSyncResult, ...errors },
      },
    },
    (request) => syncTenantReports(reportDeps(app), request.params.tenantId),
  );
};

export default adminReports;
