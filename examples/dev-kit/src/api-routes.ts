import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RunningEmulator } from '@canopy/emulator';

/** What `GET /api/config` answers: everything a page needs to embed the sample content. */
export interface ExampleConfig {
  /** Origin to trust in the page's Service (`trustedOrigins`). */
  emulatorOrigin: string;
  groupId: string;
  reportId: string;
  datasetId: string;
  reportEmbedUrl: string;
}

export function exampleConfig(emulator: RunningEmulator): ExampleConfig {
  return {
    emulatorOrigin: emulator.origin,
    groupId: emulator.sample.groupId,
    reportId: emulator.sample.salesReportId,
    datasetId: emulator.sample.datasetId,
    reportEmbedUrl: emulator.sampleEmbedUrl,
  };
}

/**
 * An embed token for the sample report, the way an app's backend gets one: GenerateToken on the REST
 * API with the app's own (service principal) token. Lifetimes below a minute, which the REST API
 * cannot express, come from the emulator's test kit so that the token-refresh example renews quickly.
 */
export async function embedToken(
  emulator: RunningEmulator,
  lifetimeSeconds?: number,
): Promise<{ token: string; expiration: string }> {
  const { groupId, salesReportId, datasetId } = emulator.sample;
  if (lifetimeSeconds !== undefined) {
    const { token, expiration } = emulator.mintToken({
      reports: [salesReportId],
      datasets: [datasetId],
      expiresInSeconds: lifetimeSeconds,
    });
    return { token, expiration };
  }
  const response = await fetch(
    `${emulator.apiUrl}/groups/${groupId}/reports/${salesReportId}/GenerateToken`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${emulator.appToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ accessLevel: 'View' }),
    },
  );
  if (!response.ok) {
    throw new Error(`GenerateToken failed: ${response.status} ${await response.text()}`);
  }
  const { token, expiration } = (await response.json()) as { token: string; expiration: string };
  return { token, expiration };
}

/**
 * The example backend: `GET /api/config` and `GET /api/embed-token[?lifetimeSeconds=N]`.
 * Returns false for any other path so the caller can serve the page.
 */
export function handleApi(
  emulator: RunningEmulator,
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
    embedToken(emulator, lifetime).then(
      (token) => send(200, token),
      (error: unknown) => send(502, { error: { code: 'TokenFailed', message: String(error) } }),
    );
    return true;
  }
  return false;
}
