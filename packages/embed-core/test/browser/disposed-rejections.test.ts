import { launchChromium, startStaticServer, type StaticServer } from '@canopy/test-utils';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/index.ts';
import { bundleScriptTag, FRAME_PAGE, hostPage } from './support/pages.ts';
import type { HostWindow } from './support/windows.ts';

interface Outcome {
  /** What the page's `unhandledrejection` listener saw (the error code, or the message). */
  unhandled: string[];
  /** How the awaiting caller's call ended. */
  awaited: string;
}

/**
 * A call still waiting for the frame when its embed is reset rejects with `Disposed`. In Chromium, with
 * a real `unhandledrejection` listener (what error-monitoring tools install): a fire-and-forget call
 * raises no event, while a caller who awaits still receives the rejection.
 */
describe('pending calls at reset in Chromium', () => {
  let browser: Browser;
  let host: StaticServer;
  let frameServer: StaticServer;
  let page: Page;

  beforeAll(async () => {
    const bundle = await bundleScriptTag();
    frameServer = await startStaticServer(
      { '/reportEmbed': { body: FRAME_PAGE, type: 'text/html; charset=utf-8' } },
      'localhost',
    );
    host = await startStaticServer({
      '/host.html': {
        body: hostPage(`
          window.__unhandled = [];
          window.addEventListener('unhandledrejection', (event) => {
            const reason = event.reason;
            window.__unhandled.push(String((reason && (reason.code || reason.message)) || reason));
          });`),
      },
      '/powerbi.js': { body: bundle, type: 'text/javascript' },
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([host?.close(), frameServer?.close()]);
  });

  /** Embeds a report, waits for `loaded`, runs `act` with it, resets it and reports the outcome. */
  async function run(act: 'fire-and-forget' | 'await' | 'control'): Promise<Outcome> {
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(host.url('/host.html'));
    const outcome = await page.evaluate(
      async ({ embedUrl, origin, act }) => {
        const w = window as unknown as HostWindow & { __unhandled: string[] };
        const client = w['powerbi-client'];
        const service = new client.service.Service(
          client.factories.hpmFactory,
          client.factories.wpmpFactory,
          client.factories.routerFactory,
          { trustedOrigins: [origin] },
        );
        const container = document.getElementById('embed')!;
        const report = service.embed(container, {
          type: 'report',
          id: 'r1',
          embedUrl,
          accessToken: 'token',
          tokenType: client.models.TokenType.Embed,
        }) as Report;
        await new Promise<void>((resolve) => report.on('loaded', () => resolve()));

        let awaited = 'not awaited';
        let settled: Promise<void> = Promise.resolve();
        // The fake frame holds /getCorrelationId: the call is pending when the reset comes.
        if (act === 'fire-and-forget') void report.getCorrelationId();
        if (act === 'await') {
          settled = report.getCorrelationId().then(
            () => void (awaited = 'resolved'),
            (error: { code?: string }) => void (awaited = `rejected: ${error.code}`),
          );
        }
        if (act === 'control') {
          // Proves the listener sees an unhandled rejection of the library's own error type.
          void Promise.reject(new client.EmbedError(client.EmbedErrorCode.NoFrame, 'control'));
        }
        service.reset(container);
        await settled;
        // Unhandled rejections are reported after the microtask queue drains: wait two tasks.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { unhandled: w.__unhandled, awaited };
      },
      { embedUrl: frameServer.url('/reportEmbed?reportId=r1'), origin: frameServer.origin, act },
    );
    await page.close();
    return outcome;
  }

  it('raises no unhandledrejection for a fire-and-forget call cut short by reset', async () => {
    expect(await run('fire-and-forget')).toEqual({ unhandled: [], awaited: 'not awaited' });
  });

  it('still rejects with Disposed for a caller who awaits', async () => {
    expect(await run('await')).toEqual({ unhandled: [], awaited: 'rejected: Disposed' });
  });

  it('(control) the listener does see a rejection nobody handles', async () => {
    expect((await run('control')).unhandled).toEqual(['NoFrame']);
  });
});
