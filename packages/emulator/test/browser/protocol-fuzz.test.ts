import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embedIn,
  mark,
  openHostPage,
  openHostSession,
  waitEvent,
  type Harness,
  type HostSession,
  type HostWindow,
} from './support/harness.ts';
import { embedSalesReport } from './support/sales-report.ts';

/**
 * Hostile requests to every protocol route of every embed kind's frame, sent from the host page
 * through http-post-message as the library sends them. The routes come from the frame itself
 * (`window.canopyFrameRoutes`, filled by its RouteTable), so a new route is covered without a list
 * here. Every answer must come (no hang) with a status below 500 and an error body the library can
 * read (an IError, or a validator's list of them).
 */
let session: HostSession;
let harness: Harness;
let page: Page;
let total = 0;

beforeAll(async () => {
  session = await openHostSession();
  ({ harness, page } = session);
}, 60_000);
afterAll(async () => {
  console.log(`frame protocol fuzzing: ${total} requests in all`);
  await harness?.close();
});

/** Embeds one kind into #c1 of a fresh host page and waits until it is loaded. */
async function embedKind(kind: string): Promise<void> {
  await openHostPage(harness, page);
  if (kind === 'report') {
    await embedSalesReport(session);
    return;
  }
  const { url, sample, state } = harness.emulator;
  const tileId = state.dashboards.get(sample.dashboardId)?.definition.tiles[0]?.id;
  const configs: Record<string, object> = {
    dashboard: {
      type: 'dashboard',
      id: sample.dashboardId,
      embedUrl: `${url}/dashboardEmbed?dashboardId=${sample.dashboardId}&groupId=${sample.groupId}`,
    },
    tile: {
      type: 'tile',
      id: tileId,
      dashboardId: sample.dashboardId,
      embedUrl: `${url}/embed?dashboardId=${sample.dashboardId}&tileId=${tileId}`,
    },
    qna: {
      type: 'qna',
      embedUrl: `${url}/qnaEmbed?groupId=${sample.groupId}`,
      datasetIds: [sample.datasetId],
      question: 'total amount by region',
      viewMode: 0,
    },
    paginated: {
      type: 'report',
      id: sample.paginatedReportId,
      embedUrl: `${url}/rdlEmbed?reportId=${sample.paginatedReportId}&groupId=${sample.groupId}`,
    },
  };
  const from = await mark(page);
  await embedIn(page, 'c1', 'embed', {
    ...configs[kind],
    accessToken: session.token,
    tokenType: 1,
  });
  await waitEvent(page, 'c1', 'loaded', from);
}

const paramValues: Record<string, string[]> = {
  pageName: ['ReportSection1', 'NoSuchPage', '%00', 'x'.repeat(2000)],
  visualName: ['amountByCategory', 'noSuchVisual', '☃'],
  mode: ['view', 'frob'],
  popOut: ['true', 'maybe'],
  layoutType: ['Master', 'Frob', '7'],
};

/** Built inside the page: Playwright cannot pass values this deep as arguments. */
const deepObject = '@deep-object';
const deepArray = '@deep-array';

const hostileBodies: unknown[] = [
  null,
  'garbage',
  42,
  true,
  [],
  {},
  [null],
  [{}],
  deepObject,
  deepArray,
  'x'.repeat(200_000),
  { filters: 'x', name: {}, displayName: 42, values: {}, settings: [] },
  [{ filterType: 1, target: {}, operator: 'In', values: {} }],
  [{ $schema: 42, filterType: 'x', target: { table: 1, column: [] } }],
  { orderBy: 'x', direction: {}, exportDataType: 'x', rows: -1 },
  { name: '__proto__', state: 42, bookmarkName: [], playMode: 'x' },
  { themeJson: { dataColors: {} }, zoomLevel: 'x', layoutType: {} },
  { commands: [{ exportData: { displayOption: 'x' } }], extensions: 'x', panes: [] },
];

/** The URLs to try for one route: each parameter takes each of its values in turn. */
function urlsOf(path: string): string[] {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const base = (url: string) =>
    names.reduce((out, name) => out.replace(`:${name}`, paramValues[name]?.[0] ?? 'x'), url);
  const urls = new Set([base(path)]);
  for (const name of names)
    for (const value of (paramValues[name] ?? ['x']).slice(1))
      urls.add(base(path.replace(`:${name}`, encodeURIComponent(value))));
  return [...urls];
}

async function embeddedFrame(): Promise<Frame> {
  const frame = await (await page.$('#c1 iframe'))?.contentFrame();
  if (!frame) throw new Error('embedded frame not found');
  return frame;
}

describe('frame protocol fuzzing', () => {
  it.each(['report', 'dashboard', 'tile', 'qna', 'paginated'])(
    '%s frame: hostile requests on every route get an answer below 500 with an error body',
    async (kind) => {
      await embedKind(kind);
      const routes = await (
        await embeddedFrame()
      ).evaluate(() => (window as unknown as { canopyFrameRoutes: string[] }).canopyFrameRoutes);
      expect(routes.length).toBeGreaterThan(kind === 'report' ? 40 : 2);
      // Reloading or replacing the token mid-run would turn the rest into "not loaded" answers:
      // those routes are fuzzed last.
      const last = (route: string) => /\/(load|token|prepare|create|render)$/.test(route);
      // print() opens the browser's print dialog, which holds the frame until it is closed.
      const ordered = routes
        .filter((route) => route !== 'POST /report/print')
        .sort((a, b) => Number(last(a)) - Number(last(b)));
      const failures: string[] = [];
      let requests = 0;
      for (const route of ordered) {
        const [method = 'GET', path = ''] = route.split(' ');
        for (const url of urlsOf(path)) {
          const bodies = method === 'GET' ? [undefined] : hostileBodies;
          const answers = await page.evaluate(
            async ({ method, url, bodies }) => {
              const hpm = (window as unknown as HostWindow).svc.hpm as unknown as Record<
                string,
                (...args: unknown[]) => Promise<{ statusCode: number; body: unknown }>
              >;
              const target = (document.querySelector('#c1 iframe') as HTMLIFrameElement)
                .contentWindow as Window;
              const out: { status: number; body: unknown; hung?: boolean }[] = [];
              const deep = (marker: unknown): unknown => {
                if (marker !== '@deep-object' && marker !== '@deep-array') return marker;
                let value: unknown = marker === '@deep-object' ? { leaf: true } : [];
                for (let i = 0; i < 1500; i += 1)
                  value = marker === '@deep-object' ? { next: value } : [value];
                return value;
              };
              for (const given of bodies) {
                const body = deep(given);
                const send = hpm[method.toLowerCase()];
                if (!send) throw new Error(method);
                const args = method === 'GET' ? [url, {}, target] : [url, body ?? null, {}, target];
                const reply = await Promise.race([
                  send.apply(hpm, args).then(
                    (r) => r,
                    (r: { statusCode: number; body: unknown }) => r,
                  ),
                  new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000)),
                ]);
                out.push(
                  reply
                    ? { status: reply.statusCode, body: reply.body }
                    : { status: 0, body: null, hung: true },
                );
              }
              return out;
            },
            { method, url, bodies },
          );
          answers.forEach((answer, index) => {
            requests += 1;
            const where = `${method} ${url.slice(0, 80)} body#${index}`;
            if (answer.hung) failures.push(`${where}: no answer`);
            else if (answer.status >= 500)
              failures.push(
                `${where}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
              );
            else if (answer.status >= 400) {
              const errors = [answer.body].flat() as { message?: unknown }[];
              // The catch-all keeps the service test app's plain-text 404 for unknown URLs.
              const readable =
                typeof answer.body === 'string' ||
                errors.every((error) => typeof error?.message === 'string');
              if (!readable)
                failures.push(`${where}: unreadable error ${JSON.stringify(answer.body)}`);
            }
          });
        }
      }
      total += requests;
      console.log(`${kind} frame: ${requests} requests over ${routes.length} routes`);
      expect(failures.slice(0, 30)).toEqual([]);
    },
    240_000,
  );
});
