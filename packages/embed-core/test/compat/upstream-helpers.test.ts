/**
 * Drop-in compatibility with the factories powerbi-client users pass to `new Service(...)`: the real
 * `window-post-message-proxy`, `http-post-message` and `powerbi-router` packages (the versions
 * powerbi-client 2.23.1 installs), hand-made objects with only their documented methods, and `null`
 * where powerbi-client tolerates it. Everything goes through embed-core's public API.
 */
import { HttpPostMessage } from 'http-post-message';
import { Router } from 'powerbi-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WindowPostMessageProxy } from 'window-post-message-proxy';
import { type factories, models, service as pbi, type Report } from '../../src/index.ts';
import { defaultApp, FakeFrameHarness, flush } from '../support/fake-frame.ts';

const HOST = 'https://app.powerbi.com';
const PAGES = [{ name: 'p1', displayName: 'Page 1', isActive: true }];

/** The factories as a powerbi-client integrator writes them with the upstream packages. */
const upstreamWpmp: factories.IWpmpFactory = (name, logMessages) =>
  new WindowPostMessageProxy({
    name,
    logMessages,
    suppressWarnings: true,
    processTrackingProperties: {
      addTrackingProperties: HttpPostMessage.addTrackingProperties,
      getTrackingProperties: HttpPostMessage.getTrackingProperties,
    },
    isErrorMessage: HttpPostMessage.isErrorMessage,
  }) as unknown as ReturnType<factories.IWpmpFactory>;
const upstreamHpm: factories.IHpmFactory = (wpmp, target, version = '2.23.1', type = 'js') =>
  new HttpPostMessage(
    wpmp,
    { 'x-sdk-type': type, 'x-sdk-version': version },
    target ?? undefined,
  ) as unknown as ReturnType<factories.IHpmFactory>;
const upstreamRouter: factories.IRouterFactory = (wpmp) =>
  new Router(wpmp) as unknown as ReturnType<factories.IRouterFactory>;

const app: typeof defaultApp = (request, frame) => {
  if (request.url === '/report/pages') return { statusCode: 200, body: PAGES };
  if (request.url === '/report/filters' && request.method === 'PUT') {
    return { statusCode: 400, body: { message: 'invalid filter' } };
  }
  return defaultApp(request, frame);
};

function reportConfig(id: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'report',
    id,
    embedUrl: `${HOST}/reportEmbed?reportId=${id}`,
    accessToken: 'token',
    tokenType: models.TokenType.Aad,
    ...extra,
  };
}

let harness: FakeFrameHarness;
let containers: HTMLElement[];
function container(): HTMLElement {
  const el = document.createElement('div');
  document.body.appendChild(el);
  containers.push(el);
  return el;
}

beforeEach(() => {
  harness = new FakeFrameHarness(app).install();
  containers = [];
});
afterEach(() => {
  harness.uninstall();
  for (const el of containers) el.remove();
});

describe('with the real window-post-message-proxy, http-post-message and powerbi-router', () => {
  let svc: pbi.Service;
  beforeEach(() => {
    svc = new pbi.Service(upstreamHpm, upstreamWpmp, upstreamRouter);
  });
  afterEach(() => svc.destroy());

  it('embeds, answers API calls and delivers events', async () => {
    const report = svc.embed(container(), reportConfig('r1')) as Report;
    const loaded = vi.fn();
    report.on('loaded', loaded);
    await flush();
    expect(harness.calls()).toEqual(['POST /report/load']);
    const pages = await report.getPages();
    expect(pages.map((p) => [p.name, p.isActive])).toEqual([['p1', true]]);
    await harness.frameFor(report.iframe).post(`/reports/${report.config.uniqueId}/events/loaded`, {
      initiator: 'sdk',
    });
    expect(loaded).toHaveBeenCalledTimes(1);
    expect((loaded.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ initiator: 'sdk' });
  });

  it('rejects a failed call with the response body, as powerbi-client does', async () => {
    const report = svc.embed(container(), reportConfig('r1')) as Report;
    await flush();
    await expect(report.setFilters([])).rejects.toEqual({ message: 'invalid filter' });
  });

  it('load() resolves with the body of the answer', async () => {
    const report = svc.embed(container(), reportConfig('r1')) as Report;
    await flush();
    report.lastLoadRequest = undefined; // past the 100 ms throttle without waiting
    await expect(report.load()).resolves.toEqual({});
  });

  it('answers the token-provider hook of a report through a router that has no register()', async () => {
    const accessTokenProvider = vi.fn(() => 'fresh-token');
    const report = svc.embed(
      container(),
      reportConfig('r1', { eventHooks: { accessTokenProvider } }),
    ) as Report;
    await flush();
    const reply = await harness
      .frameFor(report.iframe)
      .post(`/reports/${report.config.uniqueId}/eventHooks/newAccessToken`, {});
    expect(reply).toMatchObject({ statusCode: 200, body: 'fresh-token' });
    expect(accessTokenProvider).toHaveBeenCalledTimes(1);
  });

  it("binds events and hooks to the embed's own frame: another frame naming its uid is refused", async () => {
    const accessTokenProvider = vi.fn(() => 'secret-token');
    const victim = svc.embed(
      container(),
      reportConfig('r1', { eventHooks: { accessTokenProvider } }),
    ) as Report;
    const other = svc.embed(container(), reportConfig('r2')) as Report;
    const loaded = vi.fn();
    victim.on('loaded', loaded);
    await flush();
    const uid = victim.config.uniqueId as string;
    const attacker = harness.frameFor(other.iframe); // same origin as the victim's frame
    await attacker.post(`/reports/${uid}/events/loaded`, {});
    const hook = await attacker.post(`/reports/${uid}/eventHooks/newAccessToken`, {});
    expect(loaded).not.toHaveBeenCalled();
    expect(accessTokenProvider).not.toHaveBeenCalled();
    expect(hook).toMatchObject({ statusCode: 404, body: null });
    // The victim's own frame still works.
    await harness.frameFor(victim.iframe).post(`/reports/${uid}/events/loaded`, {});
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('reset and destroy work without our proxy extensions', async () => {
    const el = container();
    svc.embed(el, reportConfig('r1'));
    await flush();
    expect(() => svc.reset(el)).not.toThrow();
    expect(el.querySelector('iframe')).toBeNull();
  });
});

describe('with hand-made objects and null', () => {
  /** Only the methods http-post-message documents; each call resolves or rejects as scripted. */
  function handMadeHpm(answer: (url: string) => Promise<unknown>) {
    const calls: Array<[string, string, unknown, unknown]> = [];
    const method = (name: string) => (url: string, body?: unknown, headers?: unknown) => {
      calls.push([name, url, name === 'get' ? undefined : body, name === 'get' ? body : headers]);
      return answer(url);
    };
    return {
      calls,
      hpm: {
        get: method('get'),
        post: method('post'),
        put: method('put'),
        patch: method('patch'),
        delete: method('delete'),
      },
    };
  }
  /** Only powerbi-router's documented methods: no register, no dispose. */
  const handMadeRouter = () => ({
    get: vi.fn(),
    post: vi.fn(),
    put: vi.fn(),
    patch: vi.fn(),
    delete: vi.fn(),
  });

  function serviceWith(hpm: object, router = handMadeRouter()) {
    return new pbi.Service(
      () => hpm as ReturnType<factories.IHpmFactory>,
      () => null as unknown as ReturnType<factories.IWpmpFactory>,
      () => router as unknown as ReturnType<factories.IRouterFactory>,
    );
  }

  it('constructs with a null wpmp and registers the event routes through router.post', () => {
    const router = handMadeRouter();
    const svc = serviceWith(handMadeHpm(() => Promise.resolve({})).hpm, router);
    expect(svc.wpmp).toBeNull();
    const urls = router.post.mock.calls.map(([url]) => url as string);
    expect(urls).toContain('/reports/:uniqueId/events/:eventName');
    expect(urls).toContain('/ready/:uniqueId');
    svc.destroy();
  });

  it('embeds a report (its hook route goes through router.post) and sends load through hpm.post', async () => {
    const router = handMadeRouter();
    const { hpm, calls } = handMadeHpm(() => Promise.resolve({}));
    const svc = serviceWith(hpm, router);
    const report = svc.embed(container(), reportConfig('r1'));
    await flush();
    const uid = report.config.uniqueId as string;
    expect(router.post.mock.calls.map(([url]) => url)).toContain(
      `/reports/${uid}/eventHooks/:eventName`,
    );
    expect(calls.map(([name, url]) => `${name} ${url}`)).toEqual(['post /report/load']);
    // A resolved `{}` has no body: load resolves undefined, as in powerbi-client.
    report.lastLoadRequest = undefined;
    await expect(report.load()).resolves.toBeUndefined();
    expect(() => svc.reset(report.element)).not.toThrow();
    expect(() => svc.destroy()).not.toThrow();
  });

  it('rejects with the body of a rejected { body } that has no statusCode', async () => {
    const { hpm } = handMadeHpm((url) =>
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the shape under test
      url === '/report/pages' ? Promise.reject({ body: { message: 'nope' } }) : Promise.resolve({}),
    );
    const svc = serviceWith(hpm);
    const report = svc.embed(container(), reportConfig('r1')) as Report;
    await flush();
    await expect(report.getPages()).rejects.toEqual({ message: 'nope' });
    svc.destroy();
  });

  it('setSdkInfo works on an hpm object without default headers', () => {
    const { hpm } = handMadeHpm(() => Promise.resolve({}));
    const svc = serviceWith(hpm);
    svc.setSdkInfo('powerbi-client-react', '2.0.0');
    expect((hpm as { defaultHeaders?: unknown }).defaultHeaders).toEqual({
      'x-sdk-type': 'powerbi-client-react',
      'x-sdk-wrapper-version': '2.0.0',
    });
    svc.destroy();
  });
});
