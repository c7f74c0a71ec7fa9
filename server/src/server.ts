import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import app from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/create-database.ts';
import { checkDatabase } from './db/check-database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { StartupError } from './errors.ts';
import { settingsFromConfig } from './modules/analytics/analytics-settings.ts';
import {
  localXeroConfig,
  sharedEmulatorSettings,
  startLocalAnalytics,
} from './modules/analytics/start-local-analytics.ts';
import { loggerOptions } from './logger.ts';
import { startSyncWorker } from './modules/integrations/sync-worker.ts';
import { startSubscriptionWorker } from './modules/subscriptions/subscription-worker.ts';
import { seedDemoTenant } from './modules/dev/seed-demo-tenant.ts';
import { ensureSuperAdmin } from './modules/users/bootstrap-admin.ts';
import { describeDatabaseUrl, listenFailed } from './start-up-errors.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
import { buildInfo } from './build-info.ts';

/** The process: configuration, database, listen, graceful shutdown. The app itself is app.ts. */
async function main() {
  const started = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const server = Fastify({
    logger: loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Bounded work per connection: slow clients cannot hold sockets forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    forceCloseConnections: 'idle',
    // Requests arriving while closing get our 503 shape with Retry-After (plugins/app/shutdown.ts).
    return503OnClosing: false,
  });
  // One line per start-up phase with its time, so a slow start says where it is waiting.
  let phaseStarted = started;
  const phase = (message: string) => {
    const now = performance.now();
    server.log.info(`start-up: ${message} (${Math.round(now - phaseStarted)} ms)`);
    phaseStarted = now;
  };
  for (const warning of config.warnings) server.log.warn(warning);
  phase(`configuration read (NODE_ENV=${config.env})`);

  // PGlite's first start initialises a database in the folder: say why the next line takes a while.
  if (!config.databaseUrl) server.log.info(`start-up: opening PGlite in ${config.dataDir}`);
  const database = await createDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.databasePool.size,
          connectTimeoutMs: config.databasePool.connectTimeoutMs,
          statementTimeoutMs: config.databasePool.statementTimeoutMs,
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await checkDatabase(database);
  phase(
    `database ${config.databaseUrl ? `PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}` : `PGlite in ${config.dataDir}`} reachable`,
  );
  // Migrations may rewrite big tables: on PostgreSQL they run on a connection of their own,
  // without the statement limit requests have.
  const migrated = config.databaseUrl
    ? await migrateUnbounded(config.databaseUrl)
    : await migrateToLatest(database.db);
  phase(
    `migrations ${migrated.results?.length ? `${migrated.results.length} applied` : 'up to date'}`,
  );

  // No analytics service configured: start the emulator in-process, on its own origin.
  const shared = config.embed.sharedEmulator;
  const local =
    config.analytics || shared
      ? undefined
      : await startLocalAnalytics({
          port: config.embed.emulatorPort,
          host: config.embed.emulatorHost,
          publicUrl: config.embed.emulatorPublicUrl,
          adminApi: config.embed.emulatorAdminApi,
          dataDir: join(config.dataDir, 'emulator'),
        }).catch((error: unknown) => {
          throw listenFailed(
            error,
            'the in-process analytics emulator',
            config.embed.emulatorPort,
            {
              port: 'CANOPY_EMULATOR_PORT',
              host: 'CANOPY_EMULATOR_HOST',
            },
          );
        });
  const analytics = config.analytics
    ? settingsFromConfig(config.analytics, config.embed.rlsRole)
    : shared
      ? sharedEmulatorSettings({ ...shared, publicUrl: config.embed.emulatorPublicUrl })
      : local?.settings;
  phase(
    local
      ? `analytics: in-process emulator on ${local.emulator.url}${config.embed.emulatorAdminApi ? ' (admin API on)' : ''}`
      : `analytics: ${config.analytics?.apiUrl ?? `shared emulator at ${shared?.url}`}`,
  );
  const xero = config.xero ?? (local ? localXeroConfig(local.emulator) : undefined);
  await server.register(app, { config, database, analytics, xero });

  // Scheduled integration syncs through the job queue (each job runs on one instance only).
  const stopSync =
    config.syncIntervalMinutes > 0
      ? startSyncWorker(server.integrations, {
          intervalMinutes: config.syncIntervalMinutes,
          log: server.log,
        })
      : undefined;

  // Report subscriptions through the same queue: each occurrence is mailed by one instance only.
  const stopSubscriptions =
    config.subscriptions.pollSeconds > 0
      ? startSubscriptionWorker(server.subscriptions, {
          pollMs: config.subscriptions.pollSeconds * 1000,
          exportTimeoutMs: config.subscriptions.exportTimeoutSeconds * 1000,
          leaseMs: config.subscriptions.leaseSeconds * 1000,
        })
      : undefined;

  const admin = await ensureSuperAdmin(database.db, config.admin);
  if (admin === 'created')
    server.log.info(`Created the super administrator ${config.admin?.email}`);
  if (admin === 'missing') {
    server.log.warn(
      'No super administrator exists. Set CANOPY_ADMIN_EMAIL and CANOPY_ADMIN_PASSWORD and restart, ' +
        'or run: pnpm --filter @canopy/server create-admin <email>',
    );
  }

  if (config.devSeed && config.admin) {
    const demo = await seedDemoTenant(server, database.db, config.admin);
    if (demo)
      server.log.info(
        `Development seed: tenant "${demo.tenant}" with ${demo.admin} (Admin) and ${demo.viewer} (Viewer), same password as ${config.admin.email}`,
      );
  }

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish (10 s at most), close the database.
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) server.log.error({ err }, 'shutting down after an error');
    stopSync?.();
    stopSubscriptions?.();
    await server.close();
    await local?.emulator.close();
    await database.close();
  });

  await server.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw listenFailed(error, 'the API', config.port, { port: 'PORT', host: 'HOST' });
  });
  phase(`listening on ${listeningOn(server)}`);
  const { version, commit, node } = buildInfo();
  const docs = config.publicApiInfo ? `API docs: ${config.publicUrl}/api/docs, ` : '';
  server.log.info(
    `Canopy API ${version}${commit ? ` (${commit})` : ''} on Node.js ${node} ready in ${Math.round(performance.now() - started)} ms on ${config.publicUrl} (${docs}database: ${database.backend})`,
  );
}

/** The bound address (PORT=0 picks one; tests and scripts read it from this line). */
function listeningOn(server: { server: { address(): unknown } }): string {
  const address = server.server.address() as { address: string; port: number } | null;
  if (!address) return 'unknown address';
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

// A reason not to start (database unreachable, port taken) is one line, not a stack: nothing in it
// is a bug, and the line names what to change.
await main().catch((error: unknown) => {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
});

async function migrateUnbounded(url: string) {
  const migrator = await createDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    return await migrateToLatest(migrator.db);
  } finally {
    await migrator.close();
  }
}
