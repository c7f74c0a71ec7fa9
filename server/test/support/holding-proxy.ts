import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HoldingProxy {
  url: string;
  /** Every request held so far (its path), released or not. */
  held: string[];
  /** Lets every held request and every later one through. */
  release(): void;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of `target` that holds the requests `hold` matches, unanswered, until
 * `release()`: a test can stop a server process at a known point of a conversation with another
 * service (e.g. while an export is in progress) without timing anything.
 */
export async function startHoldingProxy(
  target: string,
  hold: (method: string, path: string) => boolean,
): Promise<HoldingProxy> {
  const held: string[] = [];
  let released: () => void = () => undefined;
  let holding = true;
  const gate = new Promise<void>((done) => (released = done));
  const sockets = new Set<Socket>();

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', target);
    const upstream = request(
      url,
      { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  };

  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    if (!holding || !hold(incoming.method ?? 'GET', path)) return forward(incoming, outgoing);
    held.push(path);
    incoming.pause();
    // A client that went away meanwhile (a killed process) is not forwarded.
    void gate.then(() => {
      if (!outgoing.destroyed && !incoming.socket.destroyed) forward(incoming, outgoing);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held,
    release: () => {
      holding = false;
      released();
    },
    close: async () => {
      released();
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(done));
    },
  };
}
