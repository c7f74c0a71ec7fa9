import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_ROUTES } from '../../src/embed-pages/index.ts';
import { emulatorPlugin, startEmulator, type RunningEmulator } from '../../src/index.ts';

/** The embed pages over real HTTP: framable by any origin, never cached, script bundled once. */
describe('embed pages', () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator();
  });

  afterAll(async () => {
    await emulator?.close();
  });

  it.each(EMBED_ROUTES.map((r) => [r.path, r.kind] as const))(
    '%s serves the %s page',
    async (path, kind) => {
      const response = await fetch(`${emulator.url}${path}?uid=abc`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(response.headers.get('content-security-policy')).toBe('frame-ancestors *');
      const html = await response.text();
      expect(html).toContain(`data-embed-kind="${kind}"`);
      expect(html).toContain('<script src="_emulator/assets/frame.js"></script>');
    },
  );

  it('serves the bundled frame script with the protocol libraries and the charts in it', async () => {
    const response = await fetch(`${emulator.url}/_emulator/assets/frame.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await response.text();
    expect(code.length).toBeGreaterThan(100_000);
    // Literal strings of the frame's own code and of its bundled dependencies.
    expect(code).toContain('was not found.');
    expect(code).toContain('canopy-emulator-frame');
    expect(code).toContain('echarts');
  });

  it('works under a prefix: the page and its script resolve relative to the mount point', async () => {
    const app = Fastify();
    await app.register(emulatorPlugin, { prefix: '/pbi', emulator: { rows: 1000 } });
    try {
      const page = await app.inject({ method: 'GET', url: '/pbi/reportEmbed?reportId=x' });
      expect(page.statusCode).toBe(200);
      const script = await app.inject({ method: 'GET', url: '/pbi/_emulator/assets/frame.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    } finally {
      await app.close();
    }
  });
});
