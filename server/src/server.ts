import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import app from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/create-database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { settingsFromConfig } from './modules/analytics/analytics-settings.ts';
import { localXeroConfig, startLocalAnalytics } from './modules/analytics/start-local-analytics.ts';
import { loggerOptions } from './logger.ts';
import { startSyncWorker } from './modules/integrations/sync-worker.ts';
import { seedDemoTenant } from './modules/dev/seed-demo-tenant.ts';
import { ensureSuperAdmin } from './modules/users/bootstrap-admin.ts';

/** The process: configuration, database, listen, graceful shutdown. The app itself is app.ts. */
async function main() {
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

  const database = await createDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await migrateToLatest(database.db);

  const server = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
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
  });
  // No analytics service configured: start the emulator in-process, on its own origin.
  const local = config.analytics
    ? undefined
    : await startLocalAnalytics({
        port: config.embed.emulatorPort,
        dataDir: join(config.dataDir, 'emulator'),
      });
  const analytics = config.analytics
    ? settingsFromConfig(config.analytics, config.embed.rlsRole)
    : local?.settings;
  if (local) server.log.info(`Analytics: local emulator on ${local.emulator.url}`);
  const xero = config.xero ?? (local ? localXeroConfig(local.emulator) : undefined);
  await server.register(app, { config, database, analytics, xero });

  // Scheduled integration syncs through the job queue (each job runs on one instance only).
  const stopSync =
    config.syncIntervalMinutes > 0
      ? startSyncWorker(
          {
            db: database.db,
            xero: server.integrations.xero,
            cipher: server.integrations.cipher,
            analytics: server.analytics,
          },
          { intervalMinutes: config.syncIntervalMinutes, log: server.log },
        )
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
    await server.close();
    await local?.emulator.close();
    await database.close();
  });

  await server.listen({ port: config.port, host: config.host });
  server.log.info(
    `Canopy API on ${config.publicUrl} (API docs: ${config.publicUrl}/api/docs, database: ${database.backend})`,
  );
}

await main();
