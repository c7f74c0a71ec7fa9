import { EmbedToken, EmbedTokenRequest, GroupIdBody, ReportList } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueEmbedToken, listReports } from '../../../modules/reports/reports.service.ts';
import { analyticsErrors } from '../../analytics-errors.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The report list and the embed token, for tenant users (`/api/powerbi/…`) and for super
 * administrators (`/api/admin/powerbi/…`): the same services, which tell the two apart by the
 * principal.
 */
export function reportAndTokenRoutes(app: App, access: 'tenant-user' | 'superadmin') {
  const who = access === 'superadmin' ? "any tenant's" : "the caller's";
  // Stable names for generated clients: listMyReports / listTenantReports, and the same for tokens.
  const subject = access === 'superadmin' ? 'Tenant' : 'My';
  app.post(
    '/reports',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        operationId: `list${subject}Reports`,
        summary: `The reports of ${who} workspace the caller may open`,
        body: GroupIdBody,
        response: { 200: ReportList, ...analyticsErrors },
      },
    },
    async (request) => ({
      reports: await listReports(app.reports, principalOf(request), request.body.groupId),
    }),
  );
  app.post(
    '/embed-token',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        operationId: access === 'superadmin' ? 'createTenantEmbedToken' : 'createEmbedToken',
        summary: `An embed token for one of ${who} reports`,
        body: EmbedTokenRequest,
        response: { 200: EmbedToken, ...analyticsErrors },
      },
    },
    (request) => issueEmbedToken(app.reports, principalOf(request), request.body),
  );
}
