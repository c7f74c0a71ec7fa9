import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  autoRefreshToken,
  EmbedError,
  EmbedErrorCode,
  factories,
  models,
  service as pbi,
  type Embed,
  type Report,
} from '../src/index.ts';
import { defaultApp, FakeFrameHarness, type FakeFrame } from './support/fake-frame.ts';

const HOST = 'https://app.powerbi.com';
const REPORT_URL = `${HOST}/reportEmbed?reportId=r1&groupId=g1`;

/** Answers everything except GET /report/pages, which stays pending (to test rejection on reset). */
const silentPagesApp: typeof defaultApp = (request, frame) =>
  request.url === '/report/pages' ? undefined : defaultApp(request, frame);

/**
 * Counts live DOM listeners by wrapping EventTarget's add/remove: a registration is live from its
 * `addEventListener` until the matching `removeEventListener` (same target, type and function).
 */
function trackListeners() {
  const live = new Map<EventTarget, Map<string, Set<unknown>>>();
  const proto = eventTargetPrototype();
  const add = vi.spyOn(proto, 'addEventListener');
  const remove = vi.spyOn(proto, 'removeEventListener');
  add.mockImplementation(function (this: EventTarget, type, listener, options) {
    if (listener) {
      const byType = live.get(this) ?? new Map<string, Set<unknown>>();
      const set = byType.get(type) ?? new Set();
      set.add(listener);
      byType.set(type, set);
      live.set(this, byType);
    }
    original.add.call(this, type, listener, options);
  });
  remove.mockImplementation(function (this: EventTarget, type, listener, options) {
    live.get(this)?.get(type)?.delete(listener);
    original.remove.call(this, type, listener, options);
  });
  return {
    count(filter: (target: EventTarget, type: string) => boolean = () => true): number {
      let n = 0;
      for (const [target, byType] of live) {
        for (const [type, set] of byType) if (filter(target, type)) n += set.size;
      }
      return n;
    },
  };
}
/** The DOM's own EventTarget prototype (the one elements and `window` inherit from in this realm). */
function eventTargetPrototype(): EventTarget {
  let proto: object | null = HTMLDivElement.prototype;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'addEventListener')) {
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  if (!proto) throw new Error('no EventTarget prototype found');
  return proto as EventTarget;
}
const original = {
  add: eventTargetPrototype().addEventListener,
  remove: eventTargetPrototype().removeEventListener,
};

function reportConfig(extra: Partial<models.IReportEmbedConfiguration> = {}) {
  return {
    type: 'report',
    id: 'r1',
    embedUrl: REPORT_URL,
    accessToken: 'token',
    tokenType: models.TokenType.Embed,
    ...extra,
  } as models.IReportEmbedConfiguration;
}

describe('teardown', () => {
  let harness: FakeFrameHarness;
  let service: pbi.Service;
  let container: HTMLDivElement;

  beforeEach(() => {
    vi.useFakeTimers();
    harness = new FakeFrameHarness(silentPagesApp).install();
    container = document.createElement('div');
    document.body.appendChild(container);
  });

  afterEach(() => {
    service?.destroy();
    harness.uninstall();
    container.remove();
    vi.useRealTimers();
  });

  const newService = (config: pbi.IServiceConfiguration = {}) =>
    new pbi.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory, config);

  function postEvent(component: Embed<object>, name: string, body: unknown = {}) {
    const frame = harness.frameFor(component.iframe);
    return frame.post(`/reports/${component.config.uniqueId}/events/${name}`, body);
  }

  it('should leave nothing behind after service.reset and reject pending requests with Disposed', async () => {
    const listeners = trackListeners();
    service = newService();
    const baseline = {
      routes: service.router.routeCount,
      handlers: service.wpmp.handlerCount,
      listeners: listeners.count(),
      timers: vi.getTimerCount(),
    };

    const report = service.embed(
      container,
      reportConfig({ eventHooks: { applicationContextProvider: () => ({}) } }),
    ) as Report;
    const loaded = vi.fn();
    report.on('loaded', loaded);
    report.on('pageChanged', vi.fn());
    autoRefreshToken(report, { getToken: () => 'next', refreshIntervalMs: 60_000 });
    await vi.advanceTimersByTimeAsync(5);
    await postEvent(report, 'loaded');
    expect(loaded).toHaveBeenCalledTimes(1);

    expect(service.router.routeCount).toBeGreaterThan(baseline.routes);
    expect(listeners.count()).toBeGreaterThan(baseline.listeners);
    expect(vi.getTimerCount()).toBeGreaterThan(baseline.timers);
    const pages = report.getPages();
    expect(service.wpmp.pendingCount).toBe(1);
    const frame = harness.frameFor(report.iframe);
    const uid = report.config.uniqueId as string;

    service.reset(container);

    await expect(pages).rejects.toBeInstanceOf(EmbedError);
    await expect(pages).rejects.toMatchObject({ code: EmbedErrorCode.Disposed });
    expect(service.wpmp.pendingCount).toBe(0);
    expect(service.router.routeCount).toBe(baseline.routes);
    expect(service.wpmp.handlerCount).toBe(baseline.handlers);
    expect(listeners.count()).toBe(baseline.listeners);
    expect(vi.getTimerCount()).toBe(baseline.timers);
    expect(container.children).toHaveLength(0);
    expect((container as Partial<pbi.IPowerBiElement>).powerBiEmbed).toBeUndefined();
    expect(service.getEmbeds()).toHaveLength(0);
    expect(service.find(uid)).toBeUndefined();

    // The old component fails fast with a coded error instead of hanging or rejecting `undefined`.
    await expect(report.getPages()).rejects.toMatchObject({ code: EmbedErrorCode.NoFrame });
    // A late event for the old uid reaches nobody (and the detached frame gets no answer).
    frame.dispatchToHost({ method: 'POST', url: `/reports/${uid}/events/loaded`, headers: {} });
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it(
    'should return to the baseline after 1,000 embed/reset cycles',
    { timeout: 60_000 },
    async () => {
      const listeners = trackListeners();
      service = newService();
      const baseline = {
        routes: service.router.routeCount,
        handlers: service.wpmp.handlerCount,
        listeners: listeners.count(),
        timers: vi.getTimerCount(),
      };
      const kinds = [
        () => reportConfig({ eventHooks: { applicationContextProvider: () => ({}) } }),
        () => ({
          type: 'dashboard',
          id: 'd1',
          embedUrl: `${HOST}/dashboardEmbed`,
          accessToken: 'token',
        }),
        () => ({
          type: 'tile',
          id: 't1',
          dashboardId: 'd1',
          embedUrl: `${HOST}/embed`,
          accessToken: 'token',
        }),
      ];
      let handled = 0;
      let disposed = 0;
      for (let i = 0; i < 1000; i++) {
        const component = service.embed(container, kinds[i % kinds.length]!());
        component.on('error', () => handled++);
        autoRefreshToken(component, { getToken: () => 'next', refreshIntervalMs: 60_000 });
        if (i % 10 === 0) {
          // Let every tenth one load fully and take an event, as a real page would.
          await vi.advanceTimersByTimeAsync(2);
          const base = component.config.type === 'dashboard' ? 'dashboards' : 'reports';
          if (component.config.type !== 'tile') {
            await harness
              .frameFor(component.iframe)
              .post(`/${base}/${component.config.uniqueId}/events/error`, { message: 'x' });
          }
        }
        // A request the frame never answers: must be rejected by the reset, not left pending.
        const pending = component.getCorrelationId();
        const outcome = pending.then(
          () => 'resolved',
          (error: unknown) => (error as EmbedError).code,
        );
        harness.app = (request, frame) =>
          request.url === '/getCorrelationId' ? undefined : silentPagesApp(request, frame);
        service.reset(container);
        if ((await outcome) === EmbedErrorCode.Disposed) disposed++;
      }
      await vi.advanceTimersByTimeAsync(10);

      expect(disposed).toBe(1000);
      expect(handled).toBe(67); // i % 10 === 0 and not a tile: 100 - 33
      expect(container.children).toHaveLength(0);
      expect(document.querySelectorAll('iframe')).toHaveLength(0);
      expect(service.router.routeCount).toBe(baseline.routes);
      expect(service.wpmp.handlerCount).toBe(baseline.handlers);
      expect(service.wpmp.pendingCount).toBe(0);
      expect(service.getEmbeds()).toHaveLength(0);
      expect(service.getNumberOfComponents()).toBe(0);
      expect(listeners.count()).toBe(baseline.listeners);
      expect(vi.getTimerCount()).toBe(baseline.timers);
    },
  );

  it('should remove the window message listener on destroy and reject what is pending', async () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    service = newService({ autoEmbedOnContentLoaded: true });
    // Two: the proxy's, and the capture-phase one that frame binding reads events from.
    const messageListeners = add.mock.calls.filter(([type]) => type === 'message');
    expect(messageListeners).toHaveLength(2);
    const domListener = add.mock.calls.find(([type]) => type === 'DOMContentLoaded')?.[1];

    const report = service.embed(container, reportConfig());
    const preload = service.preload({ type: 'report', embedUrl: REPORT_URL });
    await vi.advanceTimersByTimeAsync(5);
    const pages = (report as Report).getPages();
    const frame = harness.frameFor(report.iframe);
    const uid = report.config.uniqueId as string;

    service.destroy();
    for (const [, listener, options] of messageListeners) {
      expect(remove).toHaveBeenCalledWith('message', listener, ...(options ? [options] : []));
    }
    expect(remove).toHaveBeenCalledWith('DOMContentLoaded', domListener, false);
    await expect(pages).rejects.toMatchObject({ code: EmbedErrorCode.Disposed });
    expect(preload.isConnected).toBe(false);
    expect(service.getEmbeds()).toHaveLength(0);
    expect(service.router.routeCount).toBe(0);
    expect(service.wpmp.handlerCount).toBe(0);
    service.destroy(); // idempotent

    // Nothing listens any more: a frame message gets no answer.
    const reply = vi.fn();
    void frame.post(`/reports/${uid}/events/loaded`, {}).then(reply);
    await vi.advanceTimersByTimeAsync(10);
    expect(reply).not.toHaveBeenCalled();
  });

  describe('two Service instances', () => {
    let other: pbi.Service;
    let otherContainer: HTMLDivElement;

    afterEach(() => {
      other.destroy();
      otherContainer.remove();
    });

    /** Counts the replies a frame receives, whatever their tracking id. */
    function countReplies(frame: FakeFrame): { count: number } {
      const counter = { count: 0 };
      const post = frame.window.postMessage.bind(frame.window);
      (frame.window as { postMessage: unknown }).postMessage = (
        message: unknown,
        origin: string,
      ) => {
        if (typeof (message as { statusCode?: unknown }).statusCode === 'number') counter.count++;
        post(message, origin);
      };
      return counter;
    }

    it('should answer each event exactly once, by the service that owns the frame', async () => {
      service = newService();
      other = newService();
      otherContainer = document.createElement('div');
      document.body.appendChild(otherContainer);
      // Same uniqueId in both services: only the source window tells the frames apart.
      const a = service.embed(container, reportConfig({ uniqueId: 'same' }));
      const b = other.embed(otherContainer, reportConfig({ uniqueId: 'same' }));
      await vi.advanceTimersByTimeAsync(5);

      const onA = vi.fn();
      const onB = vi.fn();
      a.on('loaded', onA);
      b.on('loaded', onB);
      const frameA = harness.frameFor(a.iframe);
      const frameB = harness.frameFor(b.iframe);
      const repliesA = countReplies(frameA);
      const repliesB = countReplies(frameB);

      await frameA.post('/reports/same/events/loaded', { from: 'A' });
      await vi.advanceTimersByTimeAsync(5);
      expect(repliesA.count).toBe(1);
      expect(onA).toHaveBeenCalledTimes(1);
      expect(onA.mock.calls[0]?.[0].detail).toEqual({ from: 'A' });
      expect(onB).not.toHaveBeenCalled();

      await frameB.post('/reports/same/events/loaded', { from: 'B' });
      await vi.advanceTimersByTimeAsync(5);
      expect(repliesB.count).toBe(1);
      expect(repliesA.count).toBe(1);
      expect(onB).toHaveBeenCalledTimes(1);
      expect(onA).toHaveBeenCalledTimes(1);

      // Requests stay with their own service too: A's reset does not touch B's pending request.
      const pendingB = (b as Report).getPages();
      service.reset(container);
      expect(other.wpmp.pendingCount).toBe(1);
      other.reset(otherContainer);
      await expect(pendingB).rejects.toMatchObject({ code: EmbedErrorCode.Disposed });
    });
  });
});
