import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyServerOptions,
  type InjectOptions,
  type LightMyRequestResponse,
} from 'fastify';
import app, { type AppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/create-database.ts';
import { fastifyTrustProxy } from '../src/trust-proxy.ts';
import { createTestDatabase } from './support/test-database.ts';

/** A registered route, as the isolation matrix and the fuzzer enumerate them. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: string;
  schema: Record<string, unknown> | undefined;
}

export interface TestApp {
  app: FastifyInstance;
  /** Every API route of the app (HEAD and the docs UI left out). */
  routes: RegisteredRoute[];
  database: DatabaseHandle;
  config: Config;
  /** `app.inject` with a bearer token (or none). */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface BuildOptions extends Partial<Omit<AppOptions, 'config' | 'database'>> {
  /** Environment overrides on top of the test defaults. */
  env?: Record<string, string>;
  /** A Fastify logger (tests that read the log, e.g. a pino stream); none by default. */
  logger?: FastifyServerOptions['logger'];
  /** Routes registered after the app, e.g. a probe behind the access hook. */
  extraRoutes?: FastifyPluginAsync | FastifyPluginCallback;
  /** A migrated database to use (closed with the app) instead of a fresh one of the suite's. */
  database?: DatabaseHandle;
}

/**
 * Builds the real app on a fresh database of its own (fastify/demo's `build(t)`): call it once in
 * a test file's `beforeAll` and `close()` in `afterAll`. Requests go through `inject`, no port.
 */
export async function build(options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-server-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CANOPY_DATA_DIR: dataDir,
    CANOPY_JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    CANOPY_PUBLIC_URL: 'http://portal.test',
    ...options.env,
  });
  const { env: _env, logger, extraRoutes, database: given, ...appOptions } = options;
  const database = given ?? (await createTestDatabase());
  // As in server.ts: the shutdown plugin answers requests that arrive while closing, and client
  // addresses follow CANOPY_TRUST_PROXY.
  const fastify = Fastify({
    logger: logger ?? false,
    return503OnClosing: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  const routes: RegisteredRoute[] = [];
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs'))
        continue;
      routes.push({
        method,
        url: route.url,
        access: (route.config as { access?: string } | undefined)?.access ?? 'signed-in',
        schema: route.schema as Record<string, unknown> | undefined,
      });
    }
  });
  await fastify.register(app, { config, database, rateLimitPerMinute: 0, ...appOptions });
  if (extraRoutes) await fastify.register(extraRoutes);
  await fastify.ready();
  return {
    app: fastify,
    routes,
    database,
    config,
    request: ({ token, headers, ...rest }) =>
      fastify.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    close: async () => {
      await fastify.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
