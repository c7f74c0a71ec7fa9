import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { createServer as createViteServer } from 'vite';
import { exampleConfig, handleApi } from './api-routes.ts';
import type { ExampleEmulator } from './example-emulator.ts';
import { startLocalEmulator } from './local-emulator.ts';
import { connectEmulator } from './remote-emulator.ts';
import { SCRIPT_TAG_BUILDS, scriptTagBundle } from './script-tag-bundle.ts';

export interface ExampleOptions {
  /** The example's folder: its `public/` is served in `static` mode, it is the Vite root in `vite` mode. */
  dir: string;
  /** `static`: plain files plus `/powerbi.js` (the script-tag build); `vite`: a Vite dev server. */
  mode: 'static' | 'vite';
  /** Port of the page (default 0: any free port). An in-process emulator always takes a free port. */
  port?: number;
  /** Host of the page (default `localhost`; an in-process emulator binds 127.0.0.1, another origin). */
  host?: string;
  /**
   * URL of a running emulator to use (e.g. http://localhost:5300, the one `pnpm dev` starts),
   * reached through its public HTTP API only. Default: start an emulator in this process.
   * `runExample` takes it from `CANOPY_EMULATOR_URL`; the smoke tests leave it unset.
   */
  emulatorUrl?: string;
}

export interface ExampleServer {
  /** URL of the example page. */
  url: string;
  emulator: ExampleEmulator;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Starts (or connects to) the emulator, then serves the example page in this process. */
export async function startExample(options: ExampleOptions): Promise<ExampleServer> {
  const emulator = options.emulatorUrl
    ? await connectEmulator(options.emulatorUrl)
    : await startLocalEmulator();
  try {
    const page =
      options.mode === 'vite'
        ? await startVite(emulator, options)
        : await startStatic(emulator, options);
    return {
      url: page.url,
      emulator,
      close: async () => {
        await page.close();
        await emulator.close();
      },
    };
  } catch (error) {
    await emulator.close();
    throw error;
  }
}

async function startVite(emulator: ExampleEmulator, options: ExampleOptions) {
  const server = await createViteServer({
    // The example's own vite.config.ts is loaded too; this adds the backend routes.
    root: options.dir,
    logLevel: 'warn',
    server: {
      port: options.port ?? 0,
      host: options.host ?? 'localhost',
      strictPort: !!options.port,
    },
    plugins: [
      {
        name: 'canopy-example-api',
        configureServer(dev) {
          dev.middlewares.use((req, res, next) => {
            if (!handleApi(emulator, req, res)) next();
          });
        },
      },
    ],
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    throw new Error('Vite did not report a local URL');
  }
  return { url, close: () => server.close() };
}

async function startStatic(emulator: ExampleEmulator, options: ExampleOptions) {
  const root = join(options.dir, 'public');
  const server = createServer((req, res) => {
    if (handleApi(emulator, req, res)) return;
    serveStatic(emulator, root, new URL(req.url ?? '/', 'http://x').pathname).then(
      (file) => {
        if (!file) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
          return;
        }
        res
          .writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' })
          .end(file.body);
      },
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  const host = options.host ?? 'localhost';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://${host}:${port}/`, close: () => closeServer(server) };
}

/**
 * `/powerbi.js` and `/powerbi-elements.js` are embed-core's script-tag builds. HTML files may hold `{{PLACEHOLDERS}}` that the
 * server fills per request, the way a server-rendered page would (a fresh embed token each time).
 */
async function serveStatic(
  emulator: ExampleEmulator,
  root: string,
  path: string,
): Promise<{ body: string | Buffer; type: string } | undefined> {
  const build = SCRIPT_TAG_BUILDS[path];
  if (build) return { body: await scriptTagBundle(build), type: TYPES['.js'] as string };
  const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
  if (!file.startsWith(root)) return undefined;
  const body = await readFile(file).catch(() => undefined);
  if (!body) return undefined;
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  if (extname(file) !== '.html' || !body.includes('{{')) return { body, type };
  const config = exampleConfig(emulator);
  const { token } = await emulator.embedToken();
  const values: Record<string, string> = {
    EMULATOR_ORIGIN: config.emulatorOrigin,
    REPORT_ID: config.reportId,
    GROUP_ID: config.groupId,
    REPORT_EMBED_URL: config.reportEmbedUrl,
    EMBED_TOKEN: token,
  };
  const html = body
    .toString('utf8')
    .replace(/\{\{([A-Z_]+)\}\}/g, (match, name: string) => escapeAttribute(values[name] ?? match));
  return { body: html, type };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
