import { launchChromium, startStaticServer, type StaticServer } from '@canopy/test-utils';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/index.ts';
import { bundleScriptTag, FRAME_PAGE, hostPage } from './support/pages.ts';
import { waitForSentinel, type FrameWindow, type HostWindow } from './support/windows.ts';

interface BindingWindow extends HostWindow {
  __reports: Report[];
  __loadedBy: number[];
  __tokenCalls: number;
}

/**
 * Frame binding in Chromium: two embeds of one Service whose frames share one origin. A frame may
 * only speak for its own embed — naming the other embed's uid must not reach that embed's event
 * handlers, its token provider or its pending requests.
 */
describe('frame-bound messaging in Chromium (two embeds, one frame origin)', () => {
  let browser: Browser;
  let host: StaticServer;
  let frameServer: StaticServer;
  let page: Page;
  let frames: Frame[];
  let uids: string[];

  beforeAll(async () => {
    const bundle = await bundleScriptTag();
    frameServer = await startStaticServer(
      { '/reportEmbed': { body: FRAME_PAGE, type: 'text/html; charset=utf-8' } },
      'localhost',
    );
    host = await startStaticServer({
      '/host.html': { body: hostPage() },
      '/powerbi.js': { body: bundle, type: 'text/javascript' },
    });
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(host.url('/host.html'));
    uids = await page.evaluate(
      async ({ embedUrl, origin }) => {
        const w = window as unknown as BindingWindow;
        const client = w['powerbi-client'];
        const service = new client.service.Service(
          client.factories.hpmFactory,
          client.factories.wpmpFactory,
          client.factories.routerFactory,
          { trustedOrigins: [origin] },
        );
        w.__loadedBy = [0, 0];
        w.__tokenCalls = 0;
        const containers = ['embed', 'embed2'].map((id) => document.getElementById(id)!);
        w.__reports = containers.map(
          (element, i) =>
            service.embed(element, {
              type: 'report',
              id: `r${i + 1}`,
              embedUrl: `${embedUrl}${i + 1}`,
              accessToken: 'token-1',
              tokenType: client.models.TokenType.Aad,
              eventHooks: {
                accessTokenProvider: () => {
                  w.__tokenCalls++;
                  return `secret-of-r${i + 1}`;
                },
              },
            }) as Report,
        );
        await Promise.all(
          w.__reports.map(
            (report, i) =>
              new Promise<void>((resolve) => {
                report.on('loaded', () => {
                  w.__loadedBy[i]!++;
                  resolve();
                });
              }),
          ),
        );
        return w.__reports.map((r) => r.config.uniqueId as string);
      },
      { embedUrl: frameServer.url('/reportEmbed?reportId=r'), origin: frameServer.origin },
    );
    frames = uids.map((uid) => {
      const frame = page.frames().find((f) => f.url().includes(`uid=${uid}`));
      if (!frame) throw new Error(`no frame for ${uid}`);
      return frame;
    });
  });

  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await Promise.all([host?.close(), frameServer?.close()]);
  });

  /** Posts `messages` from `frame` to the host page, then a sentinel, and waits for it to arrive. */
  async function postFrom(frame: Frame, messages: unknown[], sentinel: string): Promise<void> {
    await frame.evaluate(
      (all) => {
        for (const m of all) window.parent.postMessage(m, '*');
      },
      [...messages, { sentinel }],
    );
    await waitForSentinel(page, sentinel);
  }

  const replyBody = (frame: Frame, id: string) =>
    frame.evaluate(
      (wanted) =>
        (window as unknown as FrameWindow).__frame.replyBodies.find((r) => r.id === wanted),
      id,
    );

  it("ignores another embed's uid in events from a same-origin frame", async () => {
    const [, attacker] = frames as [Frame, Frame];
    const event = {
      method: 'POST',
      url: `/reports/${uids[0]}/events/loaded`,
      headers: { id: 'x1' },
    };
    await postFrom(attacker, [{ ...event, body: {} }], 'events');
    expect(await page.evaluate(() => (window as unknown as BindingWindow).__loadedBy)).toEqual([
      1, 1,
    ]);
  });

  it("never runs another embed's token provider for a same-origin frame", async () => {
    const [victim, attacker] = frames as [Frame, Frame];
    const hook = (id: string) => ({
      method: 'POST',
      url: `/reports/${uids[0]}/eventHooks/newAccessToken`,
      headers: { id },
      body: {},
    });
    await postFrom(attacker, [hook('steal')], 'hook-attacker');
    await attacker.waitForFunction(() =>
      (window as unknown as FrameWindow).__frame.replyBodies.some((r) => r.id === 'steal'),
    );
    expect(await replyBody(attacker, 'steal')).toEqual({ id: 'steal', body: null });
    expect(await page.evaluate(() => (window as unknown as BindingWindow).__tokenCalls)).toBe(0);

    // The victim's own frame gets its token.
    await postFrom(victim, [hook('own')], 'hook-victim');
    await victim.waitForFunction(() =>
      (window as unknown as FrameWindow).__frame.replyBodies.some((r) => r.id === 'own'),
    );
    expect(await replyBody(victim, 'own')).toEqual({ id: 'own', body: 'secret-of-r1' });
    expect(await page.evaluate(() => (window as unknown as BindingWindow).__tokenCalls)).toBe(1);
  });

  it("cannot settle another embed's pending request", async () => {
    const [victim, attacker] = frames as [Frame, Frame];
    await page.evaluate(() => {
      const w = window as unknown as BindingWindow;
      const pending: NonNullable<HostWindow['__pending']> = { settled: false };
      w.__pending = pending;
      w.__reports[0]!.getCorrelationId().then(
        (value) => Object.assign(pending, { settled: true, value }),
        (error: unknown) => Object.assign(pending, { settled: true, error: String(error) }),
      );
    });
    await victim.waitForFunction(() => (window as unknown as FrameWindow).__frame.heldIds().length);
    const [id] = await victim.evaluate(() => (window as unknown as FrameWindow).__frame.heldIds());
    await postFrom(attacker, [{ statusCode: 200, headers: { id }, body: 'forged' }], 'reply');
    expect(await page.evaluate(() => (window as unknown as BindingWindow).__pending)).toEqual({
      settled: false,
    });
    await victim.evaluate(() => (window as unknown as FrameWindow).__frame.answerHeld('genuine'));
    await page.waitForFunction(() => (window as unknown as BindingWindow).__pending?.settled);
    expect(await page.evaluate(() => (window as unknown as BindingWindow).__pending)).toEqual({
      settled: true,
      value: 'genuine',
    });
  });
});
