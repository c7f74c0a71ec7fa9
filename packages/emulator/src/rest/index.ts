import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import { generateTokenRoutes } from './generate-token-routes.ts';
import type { EmulatorContext } from '../context.ts';
import { errorHandler } from '../error-handler.ts';
import { notFound, restErrorBody } from '../errors.ts';
import { applyKnobs } from '../routing/knob-hook.ts';
import { restGuard } from '../policy/rest-guard.ts';
import { publicAccess } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import { cloneReportRoutes } from './clone-report.ts';
import { dashboardRoutes } from './dashboards.ts';
import { exportRoutes } from './exports.ts';
import { datasetMetadataRoutes } from './dataset-metadata.ts';
import { datasetRoutes } from './datasets.ts';
import { groupUserRoutes } from './group-users.ts';
import { groupRoutes } from './groups.ts';
import { myWorkspaceRoutes } from './my-workspace.ts';
import { profileRoutes } from './profiles.ts';
import { pushDatasetRoutes } from './push-datasets.ts';
import { reportExportRoutes } from './report-export.ts';
import { reportRoutes } from './reports.ts';

/**
 * The cloud REST API subset under /v1.0/myorg. `mountPrefix` is where the whole emulator is mounted
 * (empty when standalone); URLs in responses are built from it.
 */
export const restRoutes =
  (context: EmulatorContext, mountPrefix: string): FastifyPluginCallback =>
  (app, _options, done) => {
    app.addHook('onRequest', (_request, reply, next) => {
      reply.header('requestid', randomUUID());
      next();
    });
    app.addHook('onRequest', applyKnobs(context, 'rest'));
    // Every route passes the guard it declares (defineRoute) before its handler runs.
    app.addHook('onRequest', restGuard(context));
    app.setErrorHandler(errorHandler(restErrorBody));

    groupRoutes(app, context, mountPrefix);
    groupUserRoutes(app, context, mountPrefix);
    reportRoutes(app, context, mountPrefix);
    cloneReportRoutes(app, context, mountPrefix);
    datasetRoutes(app, context, mountPrefix);
    pushDatasetRoutes(app, context, mountPrefix);
    dashboardRoutes(app, context, mountPrefix);
    generateTokenRoutes(app, context, mountPrefix);
    exportRoutes(app, context, mountPrefix);
    reportExportRoutes(app, context, mountPrefix);
    datasetMetadataRoutes(app, context, mountPrefix);
    myWorkspaceRoutes(app, context, mountPrefix);
    profileRoutes(app, context, mountPrefix);

    // Unknown paths under /v1.0/myorg answer like the cloud: 404 PowerBIEntityNotFound.
    defineRoute(app, {
      method: 'ALL',
      url: '/*',
      guard: publicAccess('unknown API paths answer 404 like the service'),
      handler: (request) => {
        throw notFound(`Resource ${request.url}`);
      },
    });
    done();
  };
