import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
// The real server, in-process: its app plugin on a fresh PGlite database (test-only relative
// imports; @canopy/server is an application, not a library with a public entry).
import app from '../../../server/src/app.ts';
import { loadConfig, type Config, type XeroConfig } from '../../../server/src/config.ts';
import { createDatabase, type DatabaseHandle } from '../../../server/src/db/create-database.ts';
import { migrateToLatest } from '../../../server/src/db/migrate.ts';
import type { AnalyticsSettings } from '../../../server/src/modules/analytics/analytics-settings.ts';
import { readOutbox } from '../../../server/src/modules/mail/mailer.ts';
import { e2eSpaDir } from './build-spa.ts';
import { insertPerson, insertTenant, PASSWORD } from './people.ts';

export { PASSWORD };

export interface PortalServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Reset and invitation links mailed so far (paths, to open on this server's origin). */
  mailedLinks(to: string): Promise<string[]>;
  createTenant(values: Parameters<typeof insertTenant>[1]): ReturnType<typeof insertTenant>;
  /** Signs a person in (with PASSWORD) through the API and returns their access token. */
  tokenFor(email: string): Promise<string>;
  createPerson(values: Parameters<typeof insertPerson>[1]): ReturnType<typeof insertPerson>;
  close(): Promise<void>;
}

/** Starts the API with the built SPA on 127.0.0.1, port 0 (one per test file). */
export async function startPortalServer(
  options: {
    analytics?: AnalyticsSettings;
    spaDir?: string;
    /**
     * The OAuth provider data integration connects to (the emulator's local Xero: see
     * `localXeroConfig`). With it the server's public URL becomes its own listening origin, so
     * the provider sends the browser back to this server's callback and data-integration page.
     */
    xero?: XeroConfig;
    /**
     * Serve at `http://localhost:<port>` and make that the public URL: passkeys (WebAuthn) take
     * the public URL's host as the relying party, and an IP address such as 127.0.0.1 cannot be one.
     */
    localhost?: boolean;
  } = {},
): Promise<PortalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-portal-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CANOPY_DATA_DIR: dataDir,
    CANOPY_JWT_SECRET: 'portal-e2e-secret-that-is-long-enough-0123456789',
    CANOPY_PUBLIC_URL: 'http://portal.test',
    CANOPY_SPA_DIR: options.spaDir ?? e2eSpaDir(),
  });
  const database = await createDatabase({ kind: 'pglite' });
  await migrateToLatest(database.db);
  // The OAuth flow sends the provider back to the public URL, which the server reads once at
  // start-up (as in production): with Xero, pick the port first so the URL is known then.
  const chosenPort = options.xero || options.localhost ? await freePort() : 0;
  if (options.xero) config.publicUrl = `http://127.0.0.1:${chosenPort}`;
  if (options.localhost) config.publicUrl = `http://localhost:${chosenPort}`;
  const fastify = Fastify({ logger: false });
  await fastify.register(app, {
    config,
    database,
    rateLimitPerMinute: 0,
    analytics: options.analytics,
    xero: options.xero,
  });
  await fastify.listen({ host: '127.0.0.1', port: chosenPort });
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${options.localhost ? 'localhost' : '127.0.0.1'}:${port}`,
    app: fastify,
    database,
    config,
    async mailedLinks(to) {
      const mails = await readOutbox(join(dataDir, 'outbox'));
      return mails
        .filter((mail) => mail.to === to)
        .flatMap((mail) => [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])))
        .map((link) => link.pathname + link.search);
    },
    createTenant: (values) => insertTenant(database, values),
    async tokenFor(email) {
      const login = await fastify.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`sign-in of ${email}: ${login.body}`);
      return login.json<{ token: string }>().token;
    },
    createPerson: (values) => insertPerson(database, values),
    async close() {
      await fastify.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on right now (the system's pick for port 0, released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
