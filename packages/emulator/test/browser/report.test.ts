import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mark,
  onEmbed,
  openHostSession,
  untilRendered,
  waitEvent,
  type Harness,
  type HostWindow,
} from './support/harness.ts';
import { distinctColors } from './support/png.ts';

/**
 * The report embed itself: the load sequence and its events, what the frame draws, page navigation,
 * and how the frame answers requests it cannot serve. Filters and data are in
 * report-filters.test.ts, bookmarks/theme/menus/editing in report-authoring.test.ts.
 */

let harness: Harness;
let page: Page;
let token: string;
let reportId: string;

beforeAll(async () => {
  ({ harness, page, token } = await openHostSession());
  reportId = harness.emulator.sample.salesReportId;
});

afterAll(async () => {
  await harness?.close();
});

describe('report embed', () => {
  it('loads and posts loaded, renderingStarted, visualRendered per visual and rendered; preQuery reaches the host hook', async () => {
    const from = await mark(page);
    await page.evaluate(
      ({ embedUrl, token, id }) => {
        const w = window as unknown as HostWindow & { contextCalls: number };
        w.contextCalls = 0;
        w.embeds.c1 = w.svc.embed(document.getElementById('c1') as HTMLElement, {
          type: 'report',
          id,
          embedUrl,
          accessToken: token,
          tokenType: 1,
          permissions: 7,
          settings: { visualRenderedEvents: true },
          eventHooks: {
            applicationContextProvider: () => {
              w.contextCalls += 1;
              return { tenant: 'contoso' };
            },
          },
        });
      },
      { embedUrl: harness.emulator.sampleEmbedUrl, token, id: reportId },
    );
    await waitEvent(page, 'c1', 'rendered', from);
    const names = (
      await page.evaluate((from) => (window as unknown as HostWindow).log.slice(from), from)
    ).map((e) => e.name);
    expect(names[0]).toBe('loaded');
    expect(names.indexOf('renderingStarted')).toBeGreaterThan(0);
    expect(names.filter((n) => n === 'visualRendered')).toHaveLength(4);
    expect(names.at(-1)).toBe('rendered');
    expect(
      await page.evaluate(() => (window as unknown as { contextCalls: number }).contextCalls),
    ).toBeGreaterThanOrEqual(4);
  });

  it('renders a non-blank report page (screenshot kept for the docs)', async () => {
    const png = await page.locator('#c1').screenshot();
    expect(distinctColors(png)).toBeGreaterThan(50);
    // Refresh the docs picture only on request, so test runs never leave the work tree dirty.
    if (!process.env.UPDATE_DOCS_SCREENSHOTS) return;
    const target = fileURLToPath(
      new URL('../../../../docs/images/emulator-report.png', import.meta.url),
    );
    mkdirSync(fileURLToPath(new URL('../../../../docs/images/', import.meta.url)), {
      recursive: true,
    });
    writeFileSync(target, png);
  });

  it('lists pages and changes the active page with pageChanged', async () => {
    const pages = await onEmbed(page, 'c1', async (report) =>
      (await report.getPages()).map(
        (p: { name: string; displayName: string; isActive: boolean }) => [
          p.name,
          p.displayName,
          p.isActive,
        ],
      ),
    );
    // The hidden "Product detail" page is listed too, as the service lists it (visibility 1).
    expect(pages).toEqual([
      ['ReportSection1', 'Overview', true],
      ['ReportSection2', 'Details', false],
      ['ReportSection3', 'Product detail', false],
    ]);
    const from = await mark(page);
    await onEmbed(page, 'c1', (report) => report.setPage('ReportSection2'));
    const changed = await waitEvent<{ newPage: { name: string } }>(page, 'c1', 'pageChanged', from);
    expect(changed.newPage.name).toBe('ReportSection2');
    expect(await onEmbed(page, 'c1', async (report) => (await report.getActivePage()).name)).toBe(
      'ReportSection2',
    );
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) => report.setPage('ReportSection1')),
    );
  });

  it('answers unknown routes with 404 and malformed requests with 400, never hanging', async () => {
    const result = await page.evaluate(async () => {
      const w = window as unknown as HostWindow;
      const iframe = document.querySelector('#c1 iframe') as HTMLIFrameElement;
      const target = iframe.contentWindow as Window;
      const notFound = await w.svc.hpm
        .get('/report/nope', {}, target)
        .catch((error: unknown) => error);
      const badBody = await w.svc.hpm
        .put('/report/filters', 'garbage', {}, target)
        .catch((error: unknown) => error);
      const raw = await new Promise((resolve) => {
        const listener = (event: MessageEvent) => {
          const data = event.data as { headers?: { id?: string } };
          if (data?.headers?.id === 'malformed-1') {
            window.removeEventListener('message', listener);
            resolve(data);
          }
        };
        window.addEventListener('message', listener);
        target.postMessage(
          { method: 'FROB', url: 42, headers: { id: 'malformed-1' } },
          new URL(iframe.src).origin,
        );
      });
      return { notFound, badBody, raw };
    });
    expect(result.notFound).toMatchObject({
      statusCode: 404,
      body: 'Not Found. Url: /report/nope was not found.',
    });
    expect(result.badBody).toMatchObject({
      statusCode: 400,
      body: { errorCode: 'Invalid parameters' },
    });
    expect(result.raw).toMatchObject({ statusCode: 400, body: { errorCode: 'BadRequest' } });
    // Still alive afterwards.
    expect((await onEmbed(page, 'c1', (report) => report.getPages())).length).toBe(3);
  });
});
