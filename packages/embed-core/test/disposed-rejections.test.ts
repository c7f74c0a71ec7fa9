import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EmbedError,
  EmbedErrorCode,
  factories,
  models,
  service as pbi,
  type Report,
} from '../src/index.ts';
import { defaultApp, FakeFrameHarness, flush } from './support/fake-frame.ts';

/** Answers everything except the pages and the page switch, which stay pending until the reset. */
const holdingApp: typeof defaultApp = (request, frame) =>
  request.url === '/report/pages' || request.url === '/report/pages/active'
    ? undefined
    : defaultApp(request, frame);

/** Lets the runtime report unhandled rejections: it does so once the microtask queue is empty. */
const afterRejectionTracking = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * A call pending when its component is reset rejects with `Disposed`; a rejection nobody observes
 * must not reach the process's `unhandledRejection` listeners (what error monitoring hooks into).
 * The Chromium counterpart is test/browser/disposed-rejections.test.ts.
 */
describe('pending calls at reset', () => {
  let harness: FakeFrameHarness;
  let service: pbi.Service;
  let container: HTMLDivElement;
  let unhandled: unknown[];
  const listener = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    unhandled = [];
    process.on('unhandledRejection', listener);
    harness = new FakeFrameHarness(holdingApp).install();
    container = document.createElement('div');
    document.body.appendChild(container);
    service = new pbi.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
  });

  afterEach(() => {
    process.off('unhandledRejection', listener);
    service.destroy();
    harness.uninstall();
    container.remove();
  });

  async function loadedReport(): Promise<Report> {
    const report = service.embed(container, {
      type: 'report',
      id: 'r1',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r1&groupId=g1',
      accessToken: 'token',
      tokenType: models.TokenType.Embed,
    }) as Report;
    await flush();
    return report;
  }

  it('does not report fire-and-forget calls cut short by reset as unhandled', async () => {
    const report = await loadedReport();
    void report.setPage('ReportSection2');
    void report.getPages();
    const page = report.page('ReportSection1');
    void page.setActive();
    expect(service.wpmp.pendingCount).toBe(3);

    service.reset(container);
    await afterRejectionTracking();

    expect(service.wpmp.pendingCount).toBe(0);
    expect(unhandled).toEqual([]);
  });

  it('still rejects with Disposed for callers who await or attach a handler', async () => {
    const report = await loadedReport();
    const awaited = report.getPages();
    const chained = report.setPage('ReportSection2').then(
      () => 'resolved',
      (error: EmbedError) => error.code,
    );
    service.destroy();

    await expect(awaited).rejects.toBeInstanceOf(EmbedError);
    await expect(awaited).rejects.toMatchObject({ code: EmbedErrorCode.Disposed });
    expect(await chained).toBe(EmbedErrorCode.Disposed);
    await afterRejectionTracking();
    expect(unhandled).toEqual([]);
  });

  it('leaves other failures unhandled, as before (the listener is live)', async () => {
    const report = await loadedReport();
    service.reset(container);
    // After the reset the component has no frame: a new call fails at once with NoFrame, which
    // is a programming error the host should see.
    const late = report.getPages();
    const seen = new Promise((resolve) => process.once('unhandledRejection', resolve));
    await afterRejectionTracking();
    expect(await seen).toMatchObject({ code: EmbedErrorCode.NoFrame });
    expect(unhandled).toEqual([expect.objectContaining({ code: EmbedErrorCode.NoFrame })]);
    await expect(late).rejects.toMatchObject({ code: EmbedErrorCode.NoFrame });
  });
});
