import {
  EmbedToken,
  EmbedTokenRequest,
  ErrorBody,
  GroupIdBody,
  ReportList,
} from '@canopy/portal-contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  issueEmbedToken,
  listReports,
  type ReportDeps,
} from '../../../modules/reports/reports.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';

/** What the report services need from the app. */
export const reportDeps = (app: FastifyInstance): ReportDeps => ({
  db: app.db,
  analytics: app.analytics,
  embedTokenMinutes: app.config.embed.tokenMinutes,
});

/** The answers of routes that reach the analytics service (upstream failures are 502–504). */
export const analyticsErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
  504: ErrorBody,
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The report list and the embed token, for tenant users (`/api/powerbi/…`) and for super
 * administrators (`/api/admin/powerbi/…`): the same services, which tell the two apart by the
 * principal.
 */
export function reportAndTokenRoutes(app: App, access: 'tenant-user' | 'superadmin', path: string) {
  const who = access === 'superadmin' ? "any tenant's" : "the caller's";
  // Stable names for generated clients: listMyReports / listTenantReports, and the same for tokens.
  const subject = access === 'superadmin' ? 'Tenant' : 'My';
  app.post(
    `${path}/reports`,
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
      reports: await listReports(reportDeps(app), principalOf(request), request.body.groupId),
    }),
  );
  app.post(
    `${path}/embed-token`,
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
    (request) => issueEmbedToken(reportDeps(app), principalOf(request), request.body),
  );
}
