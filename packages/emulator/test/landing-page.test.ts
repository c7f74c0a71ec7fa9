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

  it('writes a view-only token for the sample report alone into the live preview', async () => {
    const html = await (await fetch(`${emulator.url}/`)).text();
    const config = /<script type="application\/json" id="preview-config">(.*?)<\/script>/.exec(
      html,
    );
    expect(config).not.toBeNull();
    const preview: Wire = JSON.parse(config![1]!);
    expect(preview).toMatchObject({
      id: emulator.sample.salesReportId,
      embedUrl: emulator.sampleEmbedUrl,
    });
    const claims: Wire = JSON.parse(
      Buffer.from(String(preview.accessToken).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      typ: 'embed',
      reports: [{ id: emulator.sample.salesReportId }],
      // The report's own dataset, which its visuals query; nothing else.
      datasets: [emulator.sample.datasetId],
      dashboards: [],
    });
    expect(claims.reports[0].allowEdit).toBeFalsy();
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(3600);
    expect(html).toContain(`<script src="${emulator.url}/_emulator/assets/preview.js" defer>`);
    const script = await fetch(`${emulator.url}/_emulator/assets/preview.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
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
      // A client on another machine (light-my-request's default is 127.0.0.1).
      const remote = '203.0.113.7';
      const page = await host.inject({ method: 'GET', url: '/pbi/', remoteAddress: remote });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('hosted-app');
      expect(page.body).not.toContain('do-not-show-me');
      expect(page.body).not.toContain('/_emulator/admin/knobs');
      // No token on a public page of a hosted emulator: no preview.
      expect(page.body).not.toContain('preview-config');
      expect(page.body).toContain('The live preview of the sample report is off');
      expect(page.body).toContain('https://analytics.example.com/pbi/v1.0/myorg');
      // A forged Host header changes nothing: URLs come from the configuration.
      const info = await host.inject({
        method: 'GET',
        url: '/pbi/_emulator/info',
        headers: { host: 'evil.example' },
        remoteAddress: remote,
      });
      const body = info.json<Wire>();
      expect(body.url).toBe('https://analytics.example.com/pbi');
      expect(body.knobs).toBeUndefined();
      expect(JSON.stringify(body)).not.toContain('do-not-show-me');

      // A client on this machine sees the secret (it could read the configuration anyway), unless
      // it came through a proxy, which would show it to everyone the proxy serves.
      for (const url of ['/pbi/', '/pbi/_emulator/info']) {
        const local = await host.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(local.body).toContain('do-not-show-me');
        const local6 = await host.inject({ method: 'GET', url, remoteAddress: '::1' });
        expect(local6.body).toContain('do-not-show-me');
        for (const headers of [{ 'x-forwarded-for': remote }, { forwarded: `for=${remote}` }]) {
          const proxied = await host.inject({
            method: 'GET',
            url,
            headers,
            remoteAddress: '127.0.0.1',
          });
          expect(proxied.statusCode).toBe(200);
          expect(proxied.body).not.toContain('do-not-show-me');
        }
      }
      // A forwarding header cannot make a remote client local either.
      const spoofed = await host.inject({
        method: 'GET',
        url: '/pbi/_emulator/info',
        headers: { 'x-forwarded-for': '127.0.0.1' },
        remoteAddress: remote,
      });
      expect(spoofed.body).not.toContain('do-not-show-me');
    } finally {
      await host.close();
    }
  });
});
