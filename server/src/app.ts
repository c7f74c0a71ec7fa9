import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, XeroConfig } from './config.ts';
import type { DatabaseHandle } from './db/create-database.ts';
import chat from './modules/chat/chat-plugin.ts';
import chatPush, { type ChatPushOptions } from './modules/events/chat-push.ts';
import eventStream from './modules/events/event-stream-plugin.ts';
import authenticate from './plugins/app/authenticate.ts';
import bodyLimits from './plugins/app/body-limits.ts';
import wellFormedText from './plugins/app/well-formed-text.ts';
import sessionCache from './plugins/app/session-cache.ts';
import configPlugin from './plugins/app/config.ts';
import db from './plugins/app/db.ts';
import dbScope from './plugins/app/db-scope.ts';
import { AnalyticsClient } from './modules/analytics/analytics-client.ts';
import { AnalyticsGateway } from './modules/analytics/analytics-gateway.ts';
import analyticsPlugin from './modules/analytics/analytics-plugin.ts';
import reportsPlugin from './modules/reports/reports-plugin.ts';
import usersPlugin from './modules/users/users-plugin.ts';
import tenantsPlugin from './modules/tenants/tenants-plugin.ts';
import authPlugin from './modules/auth/auth-plugin.ts';
import logosPlugin from './modules/storage/logos-plugin.ts';
import integrationsPlugin from './modules/integrations/integrations-plugin.ts';
import subscriptionsPlugin from './modules/subscriptions/subscriptions-plugin.ts';
import type { AnalyticsSettings } from './modules/analytics/analytics-settings.ts';
import { analyticsWorkspaces } from './modules/analytics/analytics-workspaces.ts';
import errorHandler from './plugins/app/error-handler.ts';
import inFlight from './plugins/app/in-flight.ts';
import services, { type ServicesOptions } from './plugins/app/services.ts';
import shutdown from './plugins/app/shutdown.ts';
import spa from './plugins/app/spa.ts';
import cors from './plugins/external/cors.ts';
import helmet from './plugins/external/helmet.ts';
import jwt from './plugins/external/jwt.ts';
import multipart from './plugins/external/multipart.ts';
import rateLimit, { type RateLimitStore } from './plugins/external/rate-limit.ts';
import swagger from './plugins/external/swagger.ts';
import routes from './routes/index.ts';

export interface AppOptions extends ServicesOptions {
  config: Config;
  /** The opened, migrated database (server.ts or the test helper owns its lifetime). */
  database: DatabaseHandle;
  /** Overrides config.rateLimitPerMinute (tests turn the global limit off with 0). */
  rateLimitPerMinute?: number;
  /**
   * Where rate-limit counts live. Default: the database on PostgreSQL (shared by every instance);
   * memory on PGlite, which only one process can open, so memory is already deployment-wide there
   * and a write per request would only queue behind the app's queries on its single connection.
   */
  rateLimitStore?: RateLimitStore;
  /** Origins the CSP lets the SPA frame besides the cloud's embed hosts (the emulator's). */
  frameOrigins?: string[];
  /** The analytics service (the cloud or an emulator); absent: analytics routes answer 503. */
  analytics?: AnalyticsSettings;
  /** Xero's endpoints and app (the emulator's in development); default: config.xero. */
  xero?: XeroConfig;
  /** Chat push timings (tests shorten the typing TTL). */
  chat?: ChatPushOptions;
}

/**
 * The whole API as one plugin, so tests build exactly what production runs:
 * external plugins, then our app plugins, then the routes.
 */
const app: FastifyPluginAsync<AppOptions> = async (fastify, options) => {
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);

  await fastify.register(inFlight);
  await fastify.register(errorHandler);
  await fastify.register(bodyLimits);
  await fastify.register(wellFormedText);
  await fastify.register(shutdown);
  await fastify.register(configPlugin, { config: options.config });
  await fastify.register(db, { database: options.database });
  await fastify.register(dbScope);
  const analytics = options.analytics
    ? new AnalyticsGateway(new AnalyticsClient(options.analytics), options.config.embed.profiles)
    : undefined;
  const embedOrigin = options.analytics?.embedOrigin;
  await fastify.register(helmet, {
    frameOrigins: [...(options.frameOrigins ?? []), ...(embedOrigin ? [embedOrigin] : [])],
  });
  await fastify.register(cors, { origins: options.config.corsOrigins });
  await fastify.register(rateLimit, {
    perMinute: options.rateLimitPerMinute ?? options.config.rateLimitPerMinute,
    store:
      options.rateLimitStore ?? (options.database.backend === 'postgres' ? 'database' : 'memory'),
  });
  await fastify.register(multipart);
  await fastify.register(jwt, {
    secret: options.config.jwtSecret,
    accessTokenTtlSeconds: options.config.accessTokenTtlSeconds,
  });
  await fastify.register(swagger, {
    publicUrl: options.config.publicUrl,
    serve: options.config.publicApiInfo,
  });
  await fastify.register(services, {
    storage: options.storage,
    mailer: options.mailer,
    workspaces:
      options.workspaces ??
      (analytics
        ? analyticsWorkspaces(analytics, {
            deleteWorkspaces: options.config.embed.deleteWorkspaces,
            log: fastify.log,
          })
        : undefined),
  });
  await fastify.register(analyticsPlugin, { gateway: analytics });
  await fastify.register(reportsPlugin);
  await fastify.register(usersPlugin);
  await fastify.register(tenantsPlugin);
  await fastify.register(authPlugin);
  await fastify.register(logosPlugin);
  await fastify.register(integrationsPlugin, {
    xero: options.xero ?? options.config.xero,
    encryptionKey: options.config.encryptionKey,
  });
  await fastify.register(subscriptionsPlugin);
  await fastify.register(sessionCache);
  await fastify.register(authenticate);
  await fastify.register(chatPush, options.chat ?? {});
  await fastify.register(eventStream);
  await fastify.register(chat);
  await fastify.register(routes);
  await fastify.register(spa, { dir: options.config.spaDir, env: options.config.env });
};

export default fp(app, { name: 'canopy-app' });
