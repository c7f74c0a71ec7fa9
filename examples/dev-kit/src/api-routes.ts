import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExampleEmulator } from './example-emulator.ts';

/** What `GET /api/config` answers: everything a page needs to embed the sample content. */
export interface ExampleConfig {
  /** Origin to trust in the page's Service (`trustedOrigins`). */
  emulatorOrigin: string;
  groupId: string;
  reportId: string;
  datasetId: string;
  reportEmbedUrl: string;
}

export function exampleConfig(emulator: ExampleEmulator): ExampleConfig {
  return {
    emulatorOrigin: emulator.origin,
    groupId: emulator.sample.groupId,
    reportId: emulator.sample.salesReportId,
    datasetId: emulator.sample.datasetId,
    reportEmbedUrl: emulator.sampleEmbedUrl,
  };
}

/**
 * The example backend: `GET /api/config` and `GET /api/embed-token[?lifetimeSeconds=N]`.
 * Returns false for any other path so the caller can serve the page.
 */
export function handleApi(
  emulator: ExampleEmulator,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/api/config') {
    send(200, exampleConfig(emulator));
    return true;
  }
  if (url.pathname === '/api/embed-token') {
    const raw = url.searchParams.get('lifetimeSeconds');
    const lifetime = raw === null ? undefined : Number(raw);
    if (
      lifetime !== undefined &&
      !(Number.isInteger(lifetime) && lifetime > 0 && lifetime <= 3600)
    ) {
      send(400, { error: { code: 'BadRequest', message: 'lifetimeSeconds must be 1..3600' } });
      return true;
    }
    emulator.embedToken(lifetime).then(
      (token) => send(200, token),
      (error: unknown) => send(502, { error: { code: 'TokenFailed', message: String(error) } }),
    );
    return true;
  }
  return false;
}
