/**
 * Shared setup for the report-side API tests: a real Service with the real transport, a fake frame
 * that answers by `METHOD url`, and helpers to read what the frame received.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import {
  factories,
  models,
  service as pbi,
  type Report,
  type Visual,
  type IEmbedConfiguration,
} from '../../src/index.ts';
import { FakeFrameHarness, flush, type FrameReply, type FrameRequest } from './fake-frame.ts';

export const REPORT_URL = 'https://app.powerbi.com/reportEmbed?reportId=r1&groupId=g1';
export const RDL_URL = 'https://app.powerbi.com/rdlEmbed?reportId=r1&groupId=g1';

/** Answers keyed by `"METHOD /url"`; a function gets the request. Unlisted requests get 200 / null. */
export type Script = Record<string, FrameReply | ((request: FrameRequest) => FrameReply)>;

export interface Fixture {
  harness: FakeFrameHarness;
  service: pbi.Service;
  container: HTMLDivElement;
  /** What the Service reported through `onError` (asynchronous failures). */
  errors: unknown[];
  /** Replaces the frame's answers. */
  script(answers: Script): void;
  /** Embeds a report (load answered, log cleared). */
  embedReport(config?: IEmbedConfiguration): Promise<Report>;
  /** Embeds a visual (load answered, log cleared). */
  embedVisual(config?: Record<string, unknown>): Promise<Visual>;
  /** The requests the frame received since the last embed, in order. */
  requests(): FrameRequest[];
  /** The only request received since the last embed (fails when there were more or none). */
  onlyRequest(): FrameRequest;
}

const loadAnswer: FrameReply = { statusCode: 202, body: {} };

/** Registers before/after hooks and returns the fixture they maintain. */
export function useReportFixture(): Fixture {
  const fixture = {} as Fixture;
  let answers: Script = {};

  beforeEach(() => {
    answers = {};
    fixture.errors = [];
    fixture.harness = new FakeFrameHarness((request) => {
      const key = `${request.method} ${request.url}`;
      const answer = answers[key];
      if (typeof answer === 'function') return answer(request);
      if (answer) return answer;
      if (/\/load$/.test(request.url)) return loadAnswer;
      return { statusCode: 200, body: null };
    }).install();
    fixture.service = new pbi.Service(
      factories.hpmFactory,
      factories.wpmpFactory,
      factories.routerFactory,
      { onError: (error) => fixture.errors.push(error) },
    );
    fixture.container = document.createElement('div');
    document.body.appendChild(fixture.container);
  });

  afterEach(() => {
    fixture.service.destroy();
    fixture.harness.uninstall();
    fixture.container.remove();
  });

  fixture.script = (next) => {
    answers = next;
  };

  fixture.embedReport = async (config = {}) => {
    const report = fixture.service.embed(fixture.container, {
      type: 'report',
      id: 'r1',
      embedUrl: REPORT_URL,
      accessToken: 'token-1',
      tokenType: models.TokenType.Embed,
      ...config,
    }) as Report;
    await flush();
    fixture.harness.clear();
    return report;
  };

  fixture.embedVisual = async (config = {}) => {
    const visual = fixture.service.embed(fixture.container, {
      type: 'visual',
      id: 'r1',
      embedUrl: REPORT_URL,
      accessToken: 'token-1',
      tokenType: models.TokenType.Embed,
      pageName: 'page1',
      visualName: 'visual1',
      ...config,
    }) as Visual;
    await flush();
    fixture.harness.clear();
    return visual;
  };

  fixture.requests = () => fixture.harness.log.map((posted) => posted.message);

  fixture.onlyRequest = () => {
    const all = fixture.requests();
    expect(all.map((r) => `${r.method} ${r.url}`)).toHaveLength(1);
    return all[0] as FrameRequest;
  };

  return fixture;
}

/**
 * Asserts one request: method, URL, exact body (`'absent'` = no body key at all, as a GET) and the
 * headers every component request carries.
 */
export function expectRequest(
  request: FrameRequest,
  method: string,
  url: string,
  body: unknown,
  uid: string | undefined,
): void {
  expect(`${request.method} ${request.url}`).toBe(`${method} ${url}`);
  if (body === 'absent') expect('body' in request).toBe(false);
  else expect(request.body).toStrictEqual(body);
  expect(request.headers).toMatchObject({ 'x-sdk-type': 'js', 'x-sdk-version': '2.23.1', uid });
  expect(typeof request.headers.id).toBe('string');
}

/** What a "full" method resolves with: the frame's whole response envelope. */
export function envelope(statusCode: number, body: unknown, id: unknown): unknown {
  return { statusCode, headers: { id }, body };
}

/**
 * Asserts the visual-layout sequence shared by the report, page and visual-descriptor methods:
 * `GET /report/pages`, `GET /report/pages/p1/visuals`, then a custom-layout `PATCH /report/settings`
 * for visual `v1` with `layout`, resolved with the patch's envelope (`body` is what the frame answered).
 */
export function expectVisualLayoutPatch(
  f: Fixture,
  result: unknown,
  layout: unknown,
  body: unknown = null,
): void {
  const [pagesGet, visualsGet, patch] = f.requests();
  expect(f.requests()).toHaveLength(3);
  const uid = pagesGet?.headers.uid as string | undefined;
  expectRequest(pagesGet!, 'GET', '/report/pages', 'absent', uid);
  expectRequest(visualsGet!, 'GET', '/report/pages/p1/visuals', 'absent', uid);
  expectRequest(
    patch!,
    'PATCH',
    '/report/settings',
    {
      layoutType: models.LayoutType.Custom,
      customLayout: { pagesLayout: { p1: { visualsLayout: { v1: layout } } } },
    },
    uid,
  );
  expect(result).toStrictEqual(envelope(200, body, patch!.headers.id));
}
