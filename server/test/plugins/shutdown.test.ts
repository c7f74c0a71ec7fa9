import { connect, type Socket } from 'node:net';
import type { FastifyPluginCallback } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestApp } from '../helper.ts';

/**
 * A graceful shutdown as server.ts runs it on SIGTERM (`app.close()`), over real sockets held open
 * the way a proxy's keep-alive pool holds them. It must not wait for clients to hang up: close()
 * finishes without any client sending anything more.
 * - a request running when the shutdown starts finishes normally, marked `Connection: close`;
 * - a streamed answer (like the event stream) whose headers left before the shutdown ends, and
 *   its connection, now idle, is closed;
 * - a request that arrives on an open connection once the shutdown has begun answers 503 in our
 *   error shape with Retry-After. It is sent from a preClose hook: then the drain has begun and
 *   the connection is certainly still open, whatever the machine's speed.
 */
let t: TestApp;
let port = 0;
let slowStarted: () => void = () => {};
let releaseSlow: () => void = () => {};
let streamStarted: () => void = () => {};
let endStream: () => void = () => {};
let duringShutdown: () => Promise<void> = () => Promise.resolve();
const started = Promise.all([
  new Promise<void>((resolve) => (slowStarted = resolve)),
  new Promise<void>((resolve) => (streamStarted = resolve)),
]);

const routes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    slowStarted();
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    return { ok: true };
  });
  app.get('/api/test/stream', { config: { access: 'public' } }, (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.write('hello\n');
    endStream = () => reply.raw.end();
    streamStarted();
  });
  // Registered after the app's own plugins, so it runs once the shutdown plugin is draining.
  app.addHook('preClose', (hookDone) => {
    duringShutdown().then(() => hookDone(), hookDone);
  });
  done();
};

beforeAll(async () => {
  t = await build({ extraRoutes: routes });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits what the socket received into HTTP/1.1 responses (Content-Length bodies only). */
function responsesIn(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return responses;
}

/** A raw keep-alive connection that records what it receives and when it closes. */
async function connection() {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, responses: () => responsesIn(received), raw: () => received };
}

const head = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n`;

describe('graceful shutdown', () => {
  it('finishes running requests and closes their connections; late ones get 503 SHUTTING_DOWN', async () => {
    const slow = await connection();
    slow.socket.write(`${head('/api/test/slow')}\r\n`);
    const stream = await connection();
    stream.socket.write(`${head('/api/test/stream')}\r\n`);
    // A proxy's pooled connection: one answered request, then idle.
    const late = await connection();
    late.socket.write(`${head('/api/health')}\r\n`);
    await vi.waitFor(() => expect(late.responses()).toHaveLength(1), { interval: 5 });
    await started;
    duringShutdown = async () => {
      late.socket.write(`${head('/api/health')}\r\n`);
      await vi.waitFor(() => expect(late.responses()).toHaveLength(2), { interval: 5 });
    };

    // SIGTERM: server.ts closes the app; the listener stops, the open connections stay.
    const closed = t.app.close();
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false), {
      timeout: 5000,
      interval: 5,
    });
    releaseSlow();
    endStream();
    // No client sends anything more or hangs up: the server closes every connection itself.
    await Promise.all([slow.closed, stream.closed, late.closed, closed]);

    const [finished] = slow.responses();
    expect(finished?.status).toBe(200);
    expect(finished?.headers.connection).toBe('close');
    expect(JSON.parse(finished?.body ?? '')).toEqual({ ok: true });
    expect(stream.raw()).toContain('hello');
    const [, drained] = late.responses();
    expect(drained?.status).toBe(503);
    expect(drained?.headers['retry-after']).toBe('2');
    expect(drained?.headers.connection).toBe('close');
    expect(drained?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(drained?.body ?? '')).toEqual({
      error: 'The server is restarting. Try again in a moment.',
      code: 'SHUTTING_DOWN',
    });
  });
});
