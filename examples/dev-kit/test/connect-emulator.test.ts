import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExampleError } from '../src/errors.ts';
import { connectEmulator } from '../src/remote-emulator.ts';
import { startExample } from '../src/start-example.ts';

/** A port that was free a moment ago (nothing listens on it after this resolves). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<ExampleError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ExampleError);
  return error as ExampleError;
}

describe('a shared emulator (CANOPY_EMULATOR_URL)', () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ rows: 1_000 });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  it('should read the sample ids and embed URL over HTTP and issue working embed tokens', async () => {
    const shared = await connectEmulator(`${emulator.url}/`);
    expect(shared.inProcess).toBe(false);
    expect(shared.url).toBe(emulator.url);
    expect(shared.origin).toBe(emulator.origin);
    expect(shared.sample).toEqual(emulator.sample);
    expect(shared.sampleEmbedUrl).toBe(emulator.sampleEmbedUrl);

    const { token, expiration } = await shared.embedToken();
    const claims = emulator.context.tokens.verify(token);
    expect(claims).toMatchObject({
      typ: 'embed',
      reports: [{ id: emulator.sample.salesReportId, allowEdit: false }],
    });
    const minutes = (Date.parse(expiration) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);

    // GenerateToken counts minutes: a 5-second request becomes a 1-minute token.
    const short = await shared.embedToken(5);
    const seconds = (Date.parse(short.expiration) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    await shared.close();
  });

  it('should serve /api/config and /api/embed-token from the shared emulator', async () => {
    const example = await startExample({
      dir: new URL('../../script-tag', import.meta.url).pathname,
      mode: 'static',
      emulatorUrl: emulator.url,
    });
    try {
      const config = (await (await fetch(new URL('/api/config', example.url))).json()) as {
        reportEmbedUrl: string;
        emulatorOrigin: string;
      };
      expect(config).toMatchObject({
        emulatorOrigin: emulator.origin,
        reportEmbedUrl: emulator.sampleEmbedUrl,
      });
      const response = await fetch(new URL('/api/embed-token', example.url));
      expect(response.status).toBe(200);
      const { token } = (await response.json()) as { token: string };
      expect(emulator.context.tokens.verify(token).typ).toBe('embed');
    } finally {
      await example.close();
    }
    // Closing the example leaves the shared emulator running.
    expect((await fetch(`${emulator.url}/_emulator/admin/info`)).status).toBe(200);
  });
});

describe('waiting for the emulator', () => {
  it('should wait until an emulator that starts later answers', async () => {
    const port = await freePort();
    const connecting = connectEmulator(`http://127.0.0.1:${port}`, { intervalMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const late = await startEmulator({ rows: 1_000, port });
    try {
      const shared = await connecting;
      expect(shared.sample).toEqual(late.sample);
    } finally {
      await late.close();
    }
  });

  it('should give up with EmulatorUnreachable when nothing answers', async () => {
    const port = await freePort();
    const error = await rejection(
      connectEmulator(`http://127.0.0.1:${port}`, { timeoutMs: 600, intervalMs: 100 }),
    );
    expect(error.code).toBe('EmulatorUnreachable');
    expect(error.message).toContain(`http://127.0.0.1:${port}`);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('should stop at once with EmulatorRefused when a server that is not an emulator answers', async () => {
    const other: Server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const error = await rejection(connectEmulator(`http://127.0.0.1:${port}`));
      expect(error.code).toBe('EmulatorRefused');
      expect(error.message).toContain('404');
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('should reject a value that is not an http URL with BadEmulatorUrl', async () => {
    expect((await rejection(connectEmulator('localhost:5300'))).code).toBe('BadEmulatorUrl');
    expect((await rejection(connectEmulator('not a url'))).code).toBe('BadEmulatorUrl');
  });
});
