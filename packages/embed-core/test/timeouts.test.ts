import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EmbedError,
  EmbedErrorCode,
  factories,
  models,
  service as pbi,
  type Report,
} from '../src/index.ts';
import { defaultApp, FakeFrameHarness } from './support/fake-frame.ts';

const DAY = 24 * 60 * 60_000;

/** Never answers GET /report/pages; everything else as usual. */
const silentPagesApp: typeof defaultApp = (request, frame) =>
  request.url === '/report/pages' ? undefined : defaultApp(request, frame);

describe('request timeouts and abort', () => {
  let harness: FakeFrameHarness;
  let service: pbi.Service;
  let container: HTMLDivElement;
  let errors: unknown[];

  beforeEach(() => {
    vi.useFakeTimers();
    harness = new FakeFrameHarness(silentPagesApp).install();
    container = document.createElement('div');
    document.body.appendChild(container);
    errors = [];
  });

  afterEach(() => {
    service.destroy();
    harness.uninstall();
    container.remove();
    vi.useRealTimers();
  });

  async function embed(config: pbi.IServiceConfiguration): Promise<Report> {
    service = new pbi.Service(
      factories.hpmFactory,
      factories.wpmpFactory,
      factories.routerFactory,
      { onError: (error) => errors.push(error), ...config },
    );
    const report = service.embed(container, {
      type: 'report',
      id: 'r1',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r1',
      accessToken: 'token',
      tokenType: models.TokenType.Embed,
    }) as Report;
    await vi.advanceTimersByTimeAsync(5);
    return report;
  }

  /** Observes a promise without leaving it unhandled. */
  function track<T>(promise: Promise<T>) {
    const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
    promise.then(
      (value) => Object.assign(state, { settled: true, value }),
      (error: unknown) => Object.assign(state, { settled: true, error }),
    );
    return state;
  }

  it('should reject an unanswered request with RequestTimeout after requestTimeout ms', async () => {
    const report = await embed({ requestTimeout: 5_000 });
    const pages = track(report.getPages());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(pages.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(pages.error).toBeInstanceOf(EmbedError);
    expect(pages.error).toMatchObject({
      code: EmbedErrorCode.RequestTimeout,
      message: 'The embedded frame did not answer GET /report/pages within 5000 ms.',
    });
    expect(service.wpmp.pendingCount).toBe(0);
    expect(vi.getTimerCount()).toBe(0);

    // A late answer is ignored quietly.
    const request = harness.log.find((p) => p.message.url === '/report/pages');
    const frame = harness.frameFor(report.iframe);
    expect(() =>
      frame.dispatchToHost({
        statusCode: 200,
        headers: { id: request?.message.headers.id },
        body: [],
      }),
    ).not.toThrow();
    expect(frame.received.map((r) => r.message.url)).toEqual(['/report/load', '/report/pages']);
  });

  it('should clear the timer when the frame answers in time', async () => {
    const report = await embed({ requestTimeout: 5_000 });
    const id = track(report.getCorrelationId());
    expect(vi.getTimerCount()).toBe(2); // the request's time limit and the frame's answer
    await vi.advanceTimersByTimeAsync(1);
    expect(id).toEqual({ settled: true, value: null });
    expect(vi.getTimerCount()).toBe(0);
    expect(service.wpmp.pendingCount).toBe(0);
  });

  it('should report a load that times out to onError', async () => {
    harness.app = () => undefined; // a frame that never answers anything
    await embed({ requestTimeout: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: EmbedErrorCode.RequestTimeout,
      message: 'The embedded frame did not answer POST /report/load within 1000 ms.',
    });
  });

  it('should keep waiting by default, like the original', async () => {
    const report = await embed({});
    const pages = track(report.getPages());
    await vi.advanceTimersByTimeAsync(30 * DAY);
    expect(pages.settled).toBe(false);
    expect(service.wpmp.pendingCount).toBe(1);
  });

  it.each([0, -1, Number.NaN])('should treat requestTimeout %s as "no timeout"', async (value) => {
    const report = await embed({ requestTimeout: value });
    const pages = track(report.getPages());
    await vi.advanceTimersByTimeAsync(DAY);
    expect(pages.settled).toBe(false);
  });

  it('should reject pending and future requests with RequestAborted when the signal aborts', async () => {
    const controller = new AbortController();
    const report = await embed({ signal: controller.signal });
    const pages = track(report.getPages());
    const reason = new Error('navigating away');
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(pages.error).toBeInstanceOf(EmbedError);
    expect(pages.error).toMatchObject({
      code: EmbedErrorCode.RequestAborted,
      message: 'The request was aborted.',
    });
    expect((pages.error as EmbedError).cause).toBe(reason);
    expect(service.wpmp.pendingCount).toBe(0);

    const sent = harness.log.length;
    await expect(report.getCorrelationId()).rejects.toMatchObject({
      code: EmbedErrorCode.RequestAborted,
    });
    expect(harness.log).toHaveLength(sent); // nothing was posted
  });

  it('should not even send the load when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await embed({ signal: controller.signal });
    expect(harness.log).toHaveLength(0);
    expect(errors[0]).toMatchObject({ code: EmbedErrorCode.RequestAborted });
  });

  it('should combine timeout and abort: whichever comes first wins, once', async () => {
    const controller = new AbortController();
    const report = await embed({ requestTimeout: 10_000, signal: controller.signal });
    const pages = track(report.getPages());
    await vi.advanceTimersByTimeAsync(3_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(pages.error).toMatchObject({ code: EmbedErrorCode.RequestAborted });
    await vi.advanceTimersByTimeAsync(10_000); // the timeout timer was cleared with the abort
    expect(vi.getTimerCount()).toBe(0);
  });
});
