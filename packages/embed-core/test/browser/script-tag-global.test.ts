import { launchChromium, startStaticServer, type StaticServer } from '@canopy/test-utils';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundleScriptTag, hostPage } from './support/pages.ts';
import type { HostWindow } from './support/windows.ts';

const INVALID_URL =
  'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL';

/** The script-tag build (`<script src="powerbi.js">`) in a real page, built on the fly from src. */
describe('script-tag global build in Chromium', () => {
  let browser: Browser;
  let server: StaticServer;
  let page: Page;

  beforeAll(async () => {
    const bundle = await bundleScriptTag();
    server = await startStaticServer({
      '/plain.html': { body: hostPage() },
      '/named.html': {
        body: hostPage(
          "window.powerbi = { existing: true }; window.powerBISDKGlobalServiceInstanceName = 'pbiService';",
        ),
      },
      '/taken.html': { body: hostPage('window.powerbi = { existing: true };') },
      '/powerbi.js': { body: bundle, type: 'text/javascript' },
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterEach(async () => {
    await page.close();
  });

  it('should publish window.powerbi (a Service) and the library as window["powerbi-client"]', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url('/plain.html'));
    const result = await page.evaluate((invalidUrl) => {
      const w = window as unknown as HostWindow;
      const client = w['powerbi-client'];
      const expected = [
        'service',
        'factories',
        'models',
        'Embed',
        'Report',
        'Dashboard',
        'Tile',
        'Qna',
        'Visual',
        'Create',
        'QuickCreate',
        'Page',
      ];
      const service = w.powerbi as InstanceType<typeof client.service.Service>;
      let embedError = '';
      try {
        // The global Service keeps the default allow-list: a plain http URL is refused.
        service.embed(document.getElementById('embed') as HTMLElement, {
          type: 'report',
          id: 'r1',
          embedUrl: 'http://example.com/reportEmbed',
          accessToken: 't',
        });
      } catch (error) {
        embedError = (error as Error).message;
      }
      return {
        isService: w.powerbi instanceof client.service.Service,
        missing: expected.filter((name) => !(name in client)),
        reportIsClass: typeof client.Report === 'function',
        tokenTypeEmbed: client.models.TokenType.Embed,
        sdkVersion: service.getSDKVersion(),
        sessionId: service.getSdkSessionId(),
        refusesHttp: embedError?.includes(invalidUrl) === true,
      };
    }, INVALID_URL);
    expect(result).toMatchObject({
      isService: true,
      missing: [],
      reportIsClass: true,
      tokenTypeEmbed: 1,
      sdkVersion: '2.23.1',
      refusesHttp: true,
    });
    expect(result.sessionId).toMatch(/^[0-9a-f]{20}$/);
    expect(errors).toEqual([]);
  });

  it('should honour powerBISDKGlobalServiceInstanceName when window.powerbi is taken', async () => {
    await page.goto(server.url('/named.html'));
    const result = await page.evaluate(() => {
      const w = window as unknown as HostWindow;
      return {
        untouched: (w.powerbi as { existing?: boolean }).existing === true,
        named: w.pbiService instanceof w['powerbi-client'].service.Service,
      };
    });
    expect(result).toEqual({ untouched: true, named: true });
  });

  it('should overwrite a taken window.powerbi when no instance name is given, like the original', async () => {
    await page.goto(server.url('/taken.html'));
    const isService = await page.evaluate(() => {
      const w = window as unknown as HostWindow;
      return w.powerbi instanceof w['powerbi-client'].service.Service;
    });
    expect(isService).toBe(true);
  });
});
