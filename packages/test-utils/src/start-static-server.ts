import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** A route: inline content, a file on disk, or a handler. */
export type StaticRoute =
  | { body: string; type?: string }
  | { file: string; type?: string }
  | ((req: IncomingMessage, res: ServerResponse) => void);

export interface StaticServer {
  /** Origin such as `http://127.0.0.1:41234`. */
  origin: string;
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * A tiny HTTP server for browser tests. Binding two of them on different hosts (`127.0.0.1` and
 * `localhost`) or ports gives a host page and a frame on different origins, which is the only way to
 * prove origin checks in a real browser.
 */
export async function startStaticServer(
  routes: Record<string, StaticRoute>,
  host = '127.0.0.1',
): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${path}`);
      return;
    }
    if (typeof route === 'function') {
      route(req, res);
      return;
    }
    const send = (body: string | Buffer, file?: string) =>
      res
        .writeHead(200, {
          'content-type': route.type ?? TYPES[extname(file ?? path)] ?? 'text/plain',
          'cache-control': 'no-store',
        })
        .end(body);
    if ('body' in route) send(route.body);
    else
      readFile(route.file).then(
        (buf) => send(buf, route.file),
        () => res.writeHead(404).end(),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (path) => origin + path,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
