import { join } from 'node:path';
import Fastify from 'fastify';
import { emulatorPlugin } from './app.ts';
import type { EmulatorOptions } from './config.ts';
import { createEmulatorContext, type EmulatorContext } from './context.ts';
import type { SampleIds } from './reports/sample-ids.ts';
import { CataloguePersistence } from './state/persistence.ts';
import type { Registry } from './state/registry.ts';
import { xeroProvider, type XeroProviderOptions } from './xero/xero-provider.ts';
import { mintEmbedToken, type MintedToken, type MintTokenOptions } from './test-kit.ts';

export interface StartEmulatorOptions extends EmulatorOptions {
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Host to bind (default 127.0.0.1). */
  host?: string;
  /** Fastify logging (default off). */
  logger?: boolean;
  /** Build the frame script before resolving (default false: built on first page request). */
  prebuildFrame?: boolean;
  /**
   * Keep the catalogue (workspaces, datasets, reports, dashboards) in this folder: loaded at start,
   * saved shortly after each change (see state/persistence.ts) and at close (default: memory only).
   */
  dataDir?: string;
  /** The local Xero provider mounted at `/xero` (see docs/emulator.md); `false` leaves it out. */
  xero?: XeroProviderOptions | false;
}

export interface RunningEmulator {
  /** Base URL, e.g. http://127.0.0.1:5300 (no trailing slash). */
  url: string;
  /** Origin to trust in the host's embed service (`trustedOrigins`). */
  origin: string;
  port: number;
  /** The OAuth token endpoint of the configured tenant. */
  tokenUrl: string;
  /** REST API root (`${url}/v1.0/myorg`). */
  apiUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Root of the local Xero provider (`${url}/xero`), when it is mounted. */
  xeroUrl?: string;
  /** Ids of the sample workspace, dataset, reports and dashboard. */
  sample: SampleIds;
  /** Embed URL of the sample "Sales Overview" report. */
  sampleEmbedUrl: string;
  /** Mints an embed token directly (no HTTP). No arguments: covers all sample content. */
  mintToken(options?: MintTokenOptions): MintedToken;
  /** An app (Entra-style) token for the REST API, as the token endpoint would issue it. */
  appToken(clientId?: string): string;
  /** The in-memory catalogue (workspaces, reports, datasets, dashboards) for assertions. */
  state: Registry;
  /** Everything else (knobs, database, config). */
  context: EmulatorContext;
  close(): Promise<void>;
}

/**
 * Starts an emulator in-process on a real port — the test kit for host developers:
 *
 *   const emulator = await startEmulator();
 *   const { token } = emulator.mintToken({ reports: [emulator.sample.salesReportId] });
 *   // embed `${emulator.url}/reportEmbed?reportId=…` with that token, trustedOrigins: [emulator.origin]
 *   await emulator.close();
 */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const {
    port = 0,
    host = '127.0.0.1',
    logger = false,
    prebuildFrame = false,
    dataDir,
    xero = {},
    ...emulatorOptions
  } = options;
  const context = await createEmulatorContext(emulatorOptions);
  // close() ends every connection, idle keep-alives and requests held by the latency knob alike: a
  // test kit must not keep its caller's suite waiting for a client that never hangs up.
  const app = Fastify({ logger, forceCloseConnections: true });
  const persistence = dataDir === undefined ? undefined : new CataloguePersistence(dataDir);
  if (persistence) {
    persistence.load(context.registry);
    app.addHook('onResponse', (request, reply, done) => {
      persistence.noteRequest(request.method, request.url, reply.statusCode, context.registry);
      done();
    });
  }
  try {
    await app.register(emulatorPlugin, { context, prebuildFrame });
    if (xero !== false) {
      const stateFile = dataDir === undefined ? undefined : join(dataDir, 'xero.json');
      await app.register(xeroProvider({ today: context.config.today, stateFile, ...xero }), {
        prefix: '/xero',
      });
    }
    await app.listen({ port, host });
  } catch (error) {
    await app.close();
    context.close();
    throw error;
  }
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const origin = `http://${urlHost}:${actualPort}`;
  // Returned URLs use the configured public URL, else the address this emulator listens on.
  context.config.publicUrl ??= origin;
  const url = context.config.publicUrl;
  const [client] = context.config.clients;
  return {
    url,
    origin: new URL(url).origin,
    port: actualPort,
    tokenUrl: `${url}/${context.config.tenantId}/oauth2/v2.0/token`,
    apiUrl: `${url}/v1.0/myorg`,
    tenantId: context.config.tenantId,
    clientId: client?.clientId ?? '',
    clientSecret: client?.clientSecret ?? '',
    ...(xero === false ? {} : { xeroUrl: `${url}/xero` }),
    sample: context.sample,
    sampleEmbedUrl: `${url}/reportEmbed?reportId=${context.sample.salesReportId}&groupId=${context.sample.groupId}`,
    mintToken: (mintOptions) => mintEmbedToken(context, mintOptions),
    appToken: (clientId) =>
      context.tokens.issueAppToken(
        clientId ?? client?.clientId ?? '',
        context.config.appTokenLifetimeSeconds,
      ).token,
    state: context.registry,
    context,
    close: async () => {
      await app.close();
      persistence?.flush(context.registry);
      context.close();
    },
  };
}
