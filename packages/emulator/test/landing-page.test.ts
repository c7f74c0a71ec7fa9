import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorPlugin, startEmulator, type RunningEmulator } from '../src/index.ts';
import { call, type Wire } from './support/harness.ts';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ rows: 1000 });
});
afterAll(() => emulator.close());

describe('GET / (the landing page)', () => {
  it('answers a person with an HTML page of every address a host needs', async () => {
    const response = await fetch(`${emulator.url}/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(emulator.tokenUrl);
    expect(html).toContain(emulator.clientId);
    expect(html).toContain(emulator.clientSecret);
    expect(html).toContain(emulator.apiUrl);
    // Query-string ampersands are escaped in HTML.
    expect(html).toContain(emulator.sampleEmbedUrl.replace('&', '&amp;'));
    expect(html).toContain('Sales Overview');
    expect(html).toContain(`${emulator.url}/_emulator/admin/knobs`);
    expect(html).toContain('docs/emulator.md');
  });

  it('answers a tool with the same facts as JSON, at / (Accept) and at /_emulator/info', async () => {
    const negotiated = await fetch(`${emulator.url}/`, {
      headers: { accept: 'application/json' },
    });
    expect(negotiated.headers.get('vary')).toMatch(/accept/i);
    const info: Wire = await negotiated.json();
    const direct = await call(`${emulator.url}/_emulator/info`);
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual(info);
    expect(info).toMatchObject({
      url: emulator.url,
      oauth: {
        tokenUrl: emulator.tokenUrl,
        tenantId: emulator.tenantId,
        clients: [{ clientId: emulator.clientId, clientSecret: emulator.clientSecret }],
      },
      rest: { baseUrl: emulator.apiUrl },
      sample: { workspaceId: emulator.sample.groupId },
    });
    expect(info.sample.reports).toContainEqual(
      expect.objectContaining({
        id: emulator.sample.salesReportId,
        embedUrl: emulator.sampleEmbedUrl,
      }),
    );
    expect(info.embedPaths).toContain(`${emulator.url}/reportEmbed`);
  });

  it('escapes names a host chose', async () => {
    const record = emulator.state.reports.get(emulator.sample.salesReportId)!;
    const before = record.definition.name;
    record.definition.name = '<img src=x onerror=alert(1)>';
    try {
      const html = await (await fetch(`${emulator.url}/`)).text();
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    } finally {
      record.definition.name = before;
    }
  });
});

describe('the landing page of a hosted emulator (admin API off), mounted under a prefix', () => {
  it('keeps the client secret and the knobs to itself and builds URLs from the configuration', async () => {
    const host = Fastify();
    await host.register(emulatorPlugin, {
      prefix: '/pbi',
      emulator: {
        rows: 1000,
        adminApi: false,
        publicUrl: 'https://analytics.example.com/pbi',
        clients: [{ clientId: 'hosted-app', clientSecret: 'do-not-show-me' }],
      },
    });
    try {
      const page = await host.inject({ method: 'GET', url: '/pbi/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('hosted-app');
      expect(page.body).not.toContain('do-not-show-me');
      expect(page.body).not.toContain('/_emulator/admin/knobs');
      expect(page.body).toContain('https://analytics.example.com/pbi/v1.0/myorg');
      // A forged Host header changes nothing: URLs come from the configuration.
      const info = await host.inject({
        method: 'GET',
        url: '/pbi/_emulator/info',
        headers: { host: 'evil.example' },
      });
      const body = info.json<Wire>();
      expect(body.url).toBe('https://analytics.example.com/pbi');
      expect(body.knobs).toBeUndefined();
      expect(JSON.stringify(body)).not.toContain('do-not-show-me');
    } finally {
      await host.close();
    }
  });
});
