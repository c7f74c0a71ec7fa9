import { fileURLToPath } from 'node:url';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { launchChromium, startStaticServer, type StaticServer } from '@canopy/test-utils';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Bundles the React page from the sources (no `pnpm build` needed), as a browser would load it. */
async function bundleApp(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./fixtures/report-app.tsx', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['@canopy/source'],
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for the React page');
  return output.text;
}

describe('React page embedding an emulator report (Chromium)', () => {
  let emulator: RunningEmulator;
  let host: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const events = () => page.locator('#events li').allTextContents();
  const activePage = () =>
    page.evaluate(
      async () => (await (window.__report as NonNullable<Window['__report']>).getActivePage()).name,
    );
  const reportFilters = () =>
    page.evaluate(
      async () => (await (window.__report as NonNullable<Window['__report']>).getFilters()).length,
    );

  beforeAll(async () => {
    emulator = await startEmulator({ prebuildFrame: true });
    const { token } = emulator.mintToken();
    const app = await bundleApp();
    const pageConfig = {
      emulatorOrigin: emulator.origin,
      embedUrl: emulator.sampleEmbedUrl,
      reportId: emulator.sample.salesReportId,
      accessToken: token,
    };
    // A different origin from the emulator's (other host name), as in production.
    host = await startStaticServer(
      {
        '/': {
          body: `<!doctype html><html><head><meta charset="utf-8"><title>react host</title>
<script>window.__CONFIG__ = ${JSON.stringify(pageConfig)};</script></head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`,
          type: 'text/html; charset=utf-8',
        },
        '/app.js': { body: app, type: 'text/javascript; charset=utf-8' },
      },
      'localhost',
    );
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(host.url('/'));
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await emulator?.close();
  });

  it('should embed once under StrictMode and reach the rendered status', async () => {
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'rendered');
    expect(await page.locator('#report iframe').count()).toBe(1);
    expect(await page.locator('iframe').count()).toBe(1);
    expect(await events()).toEqual(['loaded']);
    expect(await activePage()).toBe('ReportSection1');
    // Marks the frame so the later steps can prove it was never replaced.
    await page.evaluate(() =>
      document.querySelector('#report iframe')?.setAttribute('data-first', 'yes'),
    );
  });

  it('should switch pages through the pageName prop without reloading', async () => {
    await page.click('#page-details');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#events li')].some(
        (li) => li.textContent === 'pageChanged:ReportSection2',
      ),
    );
    expect(await activePage()).toBe('ReportSection2');
    await page.click('#page-overview');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#events li')].some(
        (li) => li.textContent === 'pageChanged:ReportSection1',
      ),
    );
    expect(await activePage()).toBe('ReportSection1');
    expect((await events()).filter((e) => e === 'loaded')).toHaveLength(1);
    expect(await page.locator('#report iframe[data-first="yes"]').count()).toBe(1);
  });

  it('should apply and clear filters through the filters prop, calling the latest handler', async () => {
    await page.click('#filter-europe');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#events li')].some(
        (li) => li.textContent === 'filtersApplied:1',
      ),
    );
    expect(await reportFilters()).toBe(1);
    await page.click('#filter-clear');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#events li')].some(
        (li) => li.textContent === 'filtersApplied:0',
      ),
    );
    expect(await reportFilters()).toBe(0);
    expect((await events()).filter((e) => e === 'loaded')).toHaveLength(1);
    expect(await page.locator('#report iframe[data-first="yes"]').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
