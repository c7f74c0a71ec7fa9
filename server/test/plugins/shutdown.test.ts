import { connect, type Socket } from 'node:net';
import type { FastifyPluginCallback } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestApp } from '../helper.ts';

/**
 * A graceful shutdown as server.ts runs it on SIGTERM (`app.close()`), over a real socket: a
 * request running when the shutdown starts finishes normally, and a request that arrives on an
 * open connection while the server drains answers 503 in our error shape with Retry-After.
 */
let t: TestApp;
let port = 0;
let slowStarted: () => void = () => {};
let releaseSlow: () => void = () => {};
const started = new Promise<void>((resolve) => (slowStarted = resolve));

const slowRoute: FastifyPluginCallback = (app, _options, done) => {
  app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    slowStarted();
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    return { ok: true };
  });
  done();
};

beforeAll(async () => {
  t = await build({ extraRoutes: slowRoute });
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

const get = (socket: Socket, path: string) =>
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);

describe('graceful shutdown', () => {
  it('finishes running requests; one arriving meanwhile gets 503 SHUTTING_DOWN with Retry-After', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    get(socket, '/api/test/slow');
    await started;
    // SIGTERM: server.ts closes the app; the listener stops at once, the open connection stays.
    const closed = t.app.close();
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false), {
      timeout: 5000,
      interval: 5,
    });
    // The next request on the same connection arrives while the server drains.
    get(socket, '/api/health');
    releaseSlow();
    await socketClosed;
    await closed;

    const [slow, drained] = responsesIn(received);
    expect(slow?.status).toBe(200);
    expect(JSON.parse(slow?.body ?? '')).toEqual({ ok: true });
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
