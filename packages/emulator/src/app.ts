import type { FastifyPluginAsync } from 'fastify';
import { oauthRoutes } from './oauth/oauth-route.ts';
import type { EmulatorOptions } from './config.ts';
import { createEmulatorContext, type EmulatorContext } from './context.ts';
import { embedPagesPlugin } from './embed-pages/index.ts';
import { internalRoutes } from './internal/index.ts';
import { landingRoutes } from './landing/landing-routes.ts';
import { restRoutes } from './rest/index.ts';
import { webUrlRoutes } from './rest/web-urls.ts';
import { installQueryRateLimit } from './routing/query-rate-limiter.ts';
import { installRequestValidation } from './validation/request-validation.ts';

export interface EmulatorPluginOptions {
  /** A context created with createEmulatorContext (shared with a test kit); else one is created. */
  context?: EmulatorContext;
  /** Options for the context created when none is given. */
  emulator?: EmulatorOptions;
  /** Build the frame script at registration instead of on the first page request. */
  prebuildFrame?: boolean;
}

/**
 * The whole emulator as one encapsulated Fastify plugin: the OAuth token endpoint, the REST API under
 * /v1.0/myorg, the /_emulator API, the embed pages and the landing page at `/`. Mount it at any prefix
 * (`app.register(emulatorPlugin, { prefix: '/pbi' })`); URLs in responses include the prefix.
 * Its content-type parsers, validator, hooks and error handlers stay inside the plugin.
 */
export const emulatorPlugin: FastifyPluginAsync<EmulatorPluginOptions> = async (app, options) => {
  const owned = !options.context;
  const context = options.context ?? (await createEmulatorContext(options.emulator));
  if (owned) {
    app.addHook('onClose', (_instance, done) => {
      context.close();
      done();
    });
  }
  const mountPrefix = app.prefix;
  // Before any route: every route below gets the body cap, the depth bound and strict schemas.
  installRequestValidation(app);
  installQueryRateLimit(app, context);

  await app.register(oauthRoutes(context));
  await app.register(restRoutes(context, mountPrefix), { prefix: '/v1.0/myorg' });
  await app.register(internalRoutes(context), { prefix: '/_emulator' });
  await app.register(webUrlRoutes(context, mountPrefix));
  await app.register(landingRoutes(context, mountPrefix));
  await app.register(embedPagesPlugin, { prebuild: options.prebuildFrame ?? false });
};
