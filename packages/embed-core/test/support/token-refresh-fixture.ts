import { afterEach, beforeEach, vi } from 'vitest';
import { factories, models, service as pbi, type Embed } from '../../src/index.ts';
import { FakeFrameHarness } from './fake-frame.ts';

export const T0 = Date.parse('2030-01-01T00:00:00Z');
export const MIN = 60_000;
export const HOST = 'https://app.powerbi.com';

/** An unsigned JWT whose `exp` is `expMs` (the library only reads the payload). */
export function jwt(expMs: number, extra: Record<string, unknown> = {}): string {
  const b64url = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ exp: Math.floor(expMs / 1000), ...extra })}.sig`;
}

export type Kind = 'report' | 'dashboard' | 'tile' | 'qna';

/** Per embed type: a valid configuration, where its token goes and where its frame posts `error`. */
export const CONFIGS: Record<
  Kind,
  { config: Record<string, unknown>; tokenUrl: string; eventUrl: string }
> = {
  report: {
    config: { type: 'report', id: 'r1', embedUrl: `${HOST}/reportEmbed?reportId=r1` },
    tokenUrl: '/report/token',
    eventUrl: '/reports/:uid/events/error',
  },
  dashboard: {
    config: { type: 'dashboard', id: 'd1', embedUrl: `${HOST}/dashboardEmbed?dashboardId=d1` },
    tokenUrl: '/dashboard/token',
    eventUrl: '/dashboards/:uid/events/error',
  },
  tile: {
    config: {
      type: 'tile',
      id: 't1',
      dashboardId: 'd1',
      embedUrl: `${HOST}/embed?dashboardId=d1&tileId=t1`,
    },
    tokenUrl: '/tile/token',
    eventUrl: '/tile/:uid/events/error',
  },
  qna: {
    config: { type: 'qna', datasetIds: ['ds1'], embedUrl: `${HOST}/qnaEmbed` },
    tokenUrl: '/report/token',
    eventUrl: '/qna/:uid/events/error',
  },
};

/**
 * Fake clock at T0, a fake frame harness, one Service (whose onError is recorded) and one container,
 * set up before and torn down after each test of the calling suite.
 */
export function useTokenRefreshFixture() {
  const f = {
    harness: undefined as unknown as FakeFrameHarness,
    service: undefined as unknown as pbi.Service,
    container: undefined as unknown as HTMLDivElement,
    serviceErrors: [] as unknown[],

    async embed(kind: Kind, accessToken: string): Promise<Embed<object>> {
      const component = f.service.embed(f.container, {
        ...CONFIGS[kind].config,
        accessToken,
        tokenType: models.TokenType.Embed,
      });
      await vi.advanceTimersByTimeAsync(10); // iframe load → load request → answer
      f.harness.clear();
      return component;
    },

    /** Advances the fake clock to T0 + ms (a frame answers 1 fake ms after a request). */
    at: (ms: number) => vi.advanceTimersByTimeAsync(T0 + ms - Date.now()),

    tokenPosts: () => f.harness.log.filter((p) => p.message.url.endsWith('/token')),

    /** The frame reports an `error` event for `component`. */
    postError(component: Embed<object>, kind: Kind, detail: object): void {
      const url = CONFIGS[kind].eventUrl.replace(':uid', component.config.uniqueId as string);
      void f.harness.frameFor(component.iframe).post(url, detail);
    },
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    f.harness = new FakeFrameHarness().install();
    f.serviceErrors = [];
    f.service = new pbi.Service(
      factories.hpmFactory,
      factories.wpmpFactory,
      factories.routerFactory,
      { onError: (error) => f.serviceErrors.push(error) },
    );
    f.container = document.createElement('div');
    document.body.appendChild(f.container);
  });

  afterEach(() => {
    f.service.destroy();
    f.harness.uninstall();
    f.container.remove();
    vi.useRealTimers();
  });

  return f;
}
