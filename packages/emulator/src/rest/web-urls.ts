import type { FastifyPluginCallback } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { notFound, restErrorBody } from '../errors.ts';
import { errorHandler } from '../error-handler.ts';
import { publicGuard } from '../policy/guard-hook.ts';
import { publicAccess } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import { dashboardEmbedUrl, reportEmbedUrl } from './urls.ts';

/**
 * The webUrl values of reports and dashboards (`/groups/{g}/reports/{r}`): the cloud opens its portal
 * there; the emulator redirects to the embed page so a link from a host admin screen still shows
 * something. The page then asks for a token like any embed.
 */
export const webUrlRoutes =
  (context: EmulatorContext, mountPrefix: string): FastifyPluginCallback =>
  (app, _options, done) => {
    app.setErrorHandler(errorHandler(restErrorBody));
    app.addHook('onRequest', publicGuard());
    defineRoute<{ Params: { groupId: string; reportId: string } }>(app, {
      method: 'GET',
      url: '/groups/:groupId/reports/:reportId',
      guard: publicAccess('redirects to the embed page'),
      handler: (request, reply) => {
        const record = context.registry.reports.get(request.params.reportId);
        if (!record || record.groupId !== request.params.groupId)
          throw notFound(`Report ${request.params.reportId}`);
        const paginated = record.definition.reportType === 'PaginatedReport';
        return reply.redirect(
          reportEmbedUrl(mountPrefix, record.groupId, record.definition.id, paginated),
        );
      },
    });
    defineRoute<{ Params: { groupId: string; dashboardId: string } }>(app, {
      method: 'GET',
      url: '/groups/:groupId/dashboards/:dashboardId',
      guard: publicAccess('redirects to the embed page'),
      handler: (request, reply) => {
        const record = context.registry.dashboards.get(request.params.dashboardId);
        if (!record || record.groupId !== request.params.groupId)
          throw notFound(`Dashboard ${request.params.dashboardId}`);
        return reply.redirect(dashboardEmbedUrl(mountPrefix, record.groupId, record.definition.id));
      },
    });
    done();
  };
