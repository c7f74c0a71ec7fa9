import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IDLE_STATUS,
  factories,
  models,
  service as pbi,
  trackEmbedStatus,
  type EmbedStatus,
  type Report,
} from '../src/index.ts';
import { FakeFrameHarness, flush, type FakeFrame } from './support/fake-frame.ts';

const EMBED_URL = 'https://app.powerbi.com/reportEmbed?reportId=r1&groupId=g1';
const config = () => ({
  type: 'report',
  id: 'r1',
  embedUrl: EMBED_URL,
  accessToken: 'token-1',
  tokenType: models.TokenType.Embed,
});

describe('trackEmbedStatus', () => {
  let harness: FakeFrameHarness;
  let service: pbi.Service;
  let container: HTMLDivElement;

  const frameOf = (report: Report): FakeFrame => harness.frameFor(report.iframe);
  const event = (report: Report, name: string, body?: unknown) =>
    frameOf(report).post(`/reports/${report.config.uniqueId}/events/${name}`, body);

  beforeEach(() => {
    harness = new FakeFrameHarness().install();
    service = new pbi.Service(
      factories.hpmFactory,
      factories.wpmpFactory,
      factories.routerFactory,
      {
        onError: () => undefined,
      },
    );
    container = document.createElement('div');
    document.body.appendChild(container);
  });

  afterEach(() => {
    service.destroy();
    harness.uninstall();
    container.remove();
  });

  it('should go loading → loaded → rendered from the frame events and notify each change', async () => {
    const report = service.embed(container, config()) as Report;
    const store = trackEmbedStatus(report);
    const seen: EmbedStatus[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().status));
    expect(store.getSnapshot().status).toBe('loading');
    await flush();
    await event(report, 'loaded');
    await event(report, 'rendered');
    expect(store.getSnapshot()).toEqual({ status: 'rendered', error: undefined });
    expect(seen).toEqual(['loaded', 'rendered']);
  });

  it('should return the same store and snapshot object while nothing changes', () => {
    const report = service.embed(container, config()) as Report;
    const store = trackEmbedStatus(report);
    expect(trackEmbedStatus(report)).toBe(store);
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it('should carry the error event payload and go back to loading on reload', async () => {
    const report = service.embed(container, config()) as Report;
    const store = trackEmbedStatus(report);
    await flush();
    const error = { message: 'TokenExpired', detailedMessage: 'expired', level: 3 };
    await event(report, 'error', error);
    expect(store.getSnapshot()).toEqual({ status: 'error', error });
    await flush(150); // past the 100 ms load throttle
    const reloading = report.reload().catch((error: unknown) => error);
    expect(store.getSnapshot()).toEqual({ status: 'loading', error: undefined });
    await reloading;
  });

  it('should be idle after bootstrap and loading once the token arrives on the same component', async () => {
    const bootstrapped = service.bootstrap(container, { type: 'report', embedUrl: EMBED_URL });
    const store = trackEmbedStatus(bootstrapped);
    expect(store.getSnapshot()).toBe(IDLE_STATUS);
    await flush();
    const report = service.embed(container, config());
    expect(report).toBe(bootstrapped);
    expect(store.getSnapshot().status).toBe('loading');
    await flush();
    expect(harness.calls()).toContain('POST /report/load');
  });

  it('should stay loaded when a throttled second load is skipped', async () => {
    const report = service.embed(container, config()) as Report;
    const store = trackEmbedStatus(report);
    await flush();
    expect(harness.calls()).toEqual(['POST /report/load']);
    await event(report, 'loaded');
    await report.load(); // within 100 ms of the first: the core drops it
    expect(harness.calls()).toEqual(['POST /report/load']);
    expect(store.getSnapshot().status).toBe('loaded');
  });

  it('should be loading when the token arrives before the bootstrapped frame is ready', () => {
    const bootstrapped = service.bootstrap(container, { type: 'report', embedUrl: EMBED_URL });
    const store = trackEmbedStatus(bootstrapped);
    service.embed(container, config());
    expect(store.getSnapshot().status).toBe('loading');
  });

  it('should report a refused load as an error with the frame body', async () => {
    const body = { message: 'LoadReportFailed' };
    harness.app = (request) =>
      request.url === '/report/load' ? { statusCode: 400, body } : { statusCode: 200 };
    const report = service.embed(container, config()) as Report;
    const store = trackEmbedStatus(report);
    await flush(20);
    expect(store.getSnapshot()).toEqual({ status: 'error', error: body });
  });

  it('should ignore events bubbling from another container inside the element', async () => {
    const report = service.embed(container, config()) as Report;
    const store = trackEmbedStatus(report);
    const inner = document.createElement('span');
    container.appendChild(inner);
    inner.dispatchEvent(new CustomEvent('rendered', { bubbles: true }));
    expect(store.getSnapshot().status).toBe('loading');
    await flush();
  });

  it('should not be silenced by embed.off for the same event name', async () => {
    const report = service.embed(container, config()) as Report;
    const store = trackEmbedStatus(report);
    report.off('loaded');
    await flush();
    await event(report, 'loaded');
    expect(store.getSnapshot().status).toBe('loaded');
  });

  it('should drop its listeners and the load wrapper on reset and end idle', async () => {
    const report = service.embed(container, config()) as Report;
    const store = trackEmbedStatus(report);
    let notified = 0;
    store.subscribe(() => notified++);
    const frame = frameOf(report);
    await flush();
    service.reset(container);
    expect(store.getSnapshot()).toBe(IDLE_STATUS);
    expect(notified).toBe(1);
    expect(Object.prototype.hasOwnProperty.call(report, 'load')).toBe(false);
    // An event for the old component no longer reaches the store or its subscribers.
    container.dispatchEvent(new CustomEvent('loaded'));
    // The origin policy drops messages from a removed frame, so this post is never answered.
    void frame.post(`/reports/${report.config.uniqueId}/events/loaded`);
    await flush();
    expect(store.getSnapshot()).toBe(IDLE_STATUS);
    expect(notified).toBe(1);
    // A new component in the same element gets a fresh store.
    const next = service.embed(container, config());
    expect(trackEmbedStatus(next)).not.toBe(store);
  });
});
