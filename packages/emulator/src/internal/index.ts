import type { FastifyPluginAsync } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { errorHandler } from '../error-handler.ts';
import { internalErrorBody, notFound } from '../errors.ts';
import { applyKnobs } from '../knobs/knob-hook.ts';
import { emulatorInfo } from '../landing/emulator-info.ts';
import { embedGuard } from '../policy/embed-guard.ts';
import { baseUrl } from '../rest/urls.ts';
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
    // Every route passes its rule in policy/route-policies.ts before its handler runs.
    const mountPrefix = app.prefix.slice(0, -'/_emulator'.length);
    app.addHook('onRequest', embedGuard(context, mountPrefix));
    // The landing page's facts as JSON, for tools (the page itself is GET /).
    app.get('/info', (request) => emulatorInfo(context, baseUrl(context, request, mountPrefix)));
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
    app.all('/*', (request) => {
      throw notFound(`Resource ${request.url}`);
    });
  };
