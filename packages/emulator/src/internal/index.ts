import type { FastifyPluginAsync } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { errorHandler } from '../error-handler.ts';
import { internalErrorBody, notFound } from '../errors.ts';
import { applyKnobs } from '../routing/knob-hook.ts';
import { credentialsVisible } from '../landing/credentials-visible.ts';
import { emulatorInfo } from '../landing/emulator-info.ts';
import { embedGuard } from '../policy/embed-guard.ts';
import { publicAccess } from '../policy/route-guard.ts';
import { baseUrl } from '../rest/urls.ts';
import { defineRoute } from '../routing/define-route.ts';
import { adminRoutes } from './admin-routes.ts';
import { dataRoutes } from './data-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { tileRoutes } from './tile-routes.ts';
import { userStateRoutes } from './user-state-routes.ts';

/** The /_emulator API the embed pages call (same origin), plus the admin knobs. */
export const internalRoutes =
  (context: EmulatorContext): FastifyPluginAsync =>
  async (app) => {
    app.setErrorHandler(errorHandler(internalErrorBody));
    // Every route passes the guard it declares (defineRoute) before its handler runs.
    app.addHook('onRequest', embedGuard(context));
    const mountPrefix = app.prefix.slice(0, -'/_emulator'.length);
    // The landing page's facts as JSON, for tools (the page itself is GET /).
    defineRoute(app, {
      method: 'GET',
      url: '/info',
      guard: publicAccess('the landing page as JSON'),
      handler: (request) =>
        emulatorInfo(
          context,
          baseUrl(context, request, mountPrefix),
          credentialsVisible(context, request),
        ),
    });
    if (context.config.adminApi) {
      await app.register((admin, _options, done) => {
        adminRoutes(admin, context);
        done();
      });
    }
    await app.register((api, _options, done) => {
      api.addHook('onRequest', applyKnobs(context, 'internal'));
      reportRoutes(api, context);
      tileRoutes(api, context);
      userStateRoutes(api, context);
      dataRoutes(api, context);
      done();
    });
    defineRoute(app, {
      method: 'ALL',
      url: '/*',
      guard: publicAccess('unknown paths answer 404'),
      handler: (request) => {
        throw notFound(`Resource ${request.url}`);
      },
    });
  };
