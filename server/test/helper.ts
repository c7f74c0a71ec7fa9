import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, {
  type FastifyInstance,
  type InjectOptions,
  type LightMyRequestResponse,
} from 'fastify';
import app, { type AppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/create-database.ts';
import { createTestDatabase } from './support/test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** `app.inject` with a bearer token (or none). */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface BuildOptions extends Partial<Omit<AppOptions, 'config' | 'database'>> {
  /** Environment overrides on top of the test defaults. */
  env?: Record<string, string>;
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
  const database = await createTestDatabase();
  const { env: _env, ...appOptions } = options;
  const fastify = Fastify({ logger: false });
  await fastify.register(app, { config, database, rateLimitPerMinute: 0, ...appOptions });
  await fastify.ready();
  return {
    app: fastify,
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
