import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { start } from './support/harness.ts';

/** A raw request, so the Host and X-Forwarded-* headers can be whatever an attacker sends. */
function spoofed(
  emulator: RunningEmulator,
  path: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: emulator.port,
        path: `/v1.0/myorg${path}`,
        method,
        headers: {
          host: 'evil.example:666',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          authorization: `Bearer ${emulator.appToken()}`,
          'content-type': 'application/json',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

/** Every URL the REST API returns, from reports, datasets, dashboards, tiles and a refresh. */
async function returnedUrls(emulator: RunningEmulator): Promise<string[]> {
  const { groupId, datasetId, dashboardId } = emulator.sample;
  const reports = await spoofed(emulator, `/groups/${groupId}/reports`);
  const dataset = await spoofed(emulator, `/groups/${groupId}/datasets/${datasetId}`);
  const tiles = await spoofed(emulator, `/groups/${groupId}/dashboards/${dashboardId}/tiles`);
  const dashboards = await spoofed(emulator, `/groups/${groupId}/dashboards`);
  const refresh = await spoofed(
    emulator,
    `/groups/${groupId}/datasets/${datasetId}/refreshes`,
    'POST',
  );
  expect(refresh.status).toBe(202);
  const values = (body: Record<string, unknown>) => body.value as Record<string, string>[];
  return [
    reports.body['@odata.context'] as string,
    ...values(reports.body).flatMap((r) => [r.webUrl, r.embedUrl]),
    dataset.body.webUrl as string,
    dataset.body.createReportEmbedURL as string,
    dataset.body.qnaEmbedURL as string,
    ...values(dashboards.body).flatMap((d) => [d.webUrl, d.embedUrl]),
    ...values(tiles.body).map((t) => t.embedUrl),
    refresh.headers.location as string,
  ].map(String);
}

describe('returned URLs come from the configured public URL, never from request headers', () => {
  let standalone: RunningEmulator;
  let configured: RunningEmulator;
  beforeAll(async () => {
    standalone = await start();
    configured = await start({ publicUrl: 'https://bi.example.com/pbi/' });
  });
  afterAll(async () => {
    await standalone.close();
    await configured.close();
  });

  it('uses the address it listens on by default', async () => {
    const urls = await returnedUrls(standalone);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url.startsWith(`${standalone.url}/`), url).toBe(true);
    expect(urls.join(' ')).not.toContain('evil');
  });

  it('uses publicUrl (trailing slash dropped) when configured', async () => {
    expect(configured.url).toBe('https://bi.example.com/pbi');
    for (const url of await returnedUrls(configured))
      expect(url.startsWith('https://bi.example.com/pbi/'), url).toBe(true);
  });

  it('refuses a publicUrl that is not an absolute http(s) URL', async () => {
    await expect(start({ publicUrl: 'javascript:alert(1)' })).rejects.toThrow(/publicUrl/);
    await expect(start({ publicUrl: 'localhost:5300' })).rejects.toThrow(/publicUrl/);
  });
});
