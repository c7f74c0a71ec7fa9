import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, queryDirect } from './support/data.ts';
import {
  embedIn,
  mark,
  onEmbed,
  openHostSession,
  untilRendered,
  waitEvent,
  type Harness,
  type HostWindow,
} from './support/harness.ts';
import { basic, col } from './support/sales-filters.ts';

/**
 * Report state that outlives one interaction: saved filters, persistent filters, the front-load
 * handshake, and the page/visual APIs that change or describe the report (print, hasLayout, sortBy,
 * clone, smart narrative). Every expectation about data is computed independently through the
 * emulator's query endpoint.
 */

let harness: Harness;
let page: Page;
let token: string;

async function embedReport(container: string, config: Record<string, unknown>): Promise<void> {
  await untilRendered(page, container, () =>
    embedIn(page, container, 'embed', {
      type: 'report',
      tokenType: 1,
      accessToken: token,
      permissions: 7,
      ...config,
    }),
  );
}

const embedUrlOf = (reportId: string) =>
  `${harness.emulator.url}/reportEmbed?reportId=${reportId}&groupId=${harness.emulator.sample.groupId}`;

/** Rows of a visual's summarized exportData, header row dropped. */
async function exported(container: string, pageName: string, visualName: string) {
  const csv = await onEmbed(
    page,
    container,
    async (report, [p, v]) =>
      (await (await report.getPageByName(p)).getVisualByName(v)).exportData(0),
    [pageName, visualName],
  );
  return parseCsv((csv as { data: string }).data).slice(1);
}

beforeAll(async () => {
  ({ harness, page, token } = await openHostSession());
});

afterAll(async () => {
  await harness?.close();
});

describe('report state', () => {
  it('posts /ready early (front-load handshake); the host answers and the load still completes', async () => {
    // The handshake's `ready` event is not in the harness' log list: listen for it directly.
    await page.evaluate(() => {
      const w = window as unknown as { readyEvents: number };
      w.readyEvents = 0;
      document.getElementById('c1')?.addEventListener('ready', () => (w.readyEvents += 1));
    });
    await embedReport('c1', {
      id: harness.emulator.sample.salesReportId,
      embedUrl: harness.emulator.sampleEmbedUrl,
    });
    expect(
      await page.evaluate(() => (window as unknown as { readyEvents: number }).readyEvents),
    ).toBe(1);
    expect((await onEmbed(page, 'c1', (report) => report.getPages())).length).toBeGreaterThan(0);
  });

  it('saveAs stores report, page and visual filters and slicer selections; loading the copy shows them', async () => {
    await untilRendered(page, 'c1', () =>
      onEmbed(
        page,
        'c1',
        (report, filter) => report.setFilters([filter]),
        basic('Region', ['Europe']),
      ),
    );
    await untilRendered(page, 'c1', () =>
      onEmbed(
        page,
        'c1',
        async (report, filter) =>
          (await report.getPageByName('ReportSection2')).setFilters([filter]),
        basic('Channel', ['Online']),
      ),
    );
    await untilRendered(page, 'c1', () =>
      onEmbed(
        page,
        'c1',
        async (report, filter) =>
          (
            await (await report.getPageByName('ReportSection2')).getVisualByName('regionSlicer')
          ).setSlicerState({ filters: [filter] }),
        basic('Region', ['Europe']),
      ),
    );
    const from = await mark(page);
    await onEmbed(page, 'c1', (report) => report.saveAs({ name: 'Europe online' }));
    const saved = await waitEvent<{ reportObjectId: string }>(page, 'c1', 'saved', from);

    await embedReport('c2', {
      id: saved.reportObjectId,
      embedUrl: embedUrlOf(saved.reportObjectId),
    });
    const strip = (filters: { target: unknown; values: unknown }[]) =>
      filters.map((f) => ({ target: f.target, values: f.values }));
    expect(strip(await onEmbed(page, 'c2', (report) => report.getFilters()))).toEqual([
      { target: col('Region'), values: ['Europe'] },
    ]);
    expect(
      strip(
        await onEmbed(page, 'c2', async (report) =>
          (await report.getPageByName('ReportSection2')).getFilters(),
        ),
      ),
    ).toEqual([{ target: col('Channel'), values: ['Online'] }]);
    const slicer = await onEmbed(page, 'c2', async (report) =>
      (
        await (await report.getPageByName('ReportSection2')).getVisualByName('regionSlicer')
      ).getSlicerState(),
    );
    expect(slicer.filters[0].values).toEqual(['Europe']);

    // The copy's data is really filtered: its card equals an independent query with the same filters.
    const card = await exported('c2', 'ReportSection1', 'totalAmountCard');
    const direct = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
      filters: [basic('Region', ['Europe'])],
    });
    expect(Number(card[0]?.[0])).toBeCloseTo(Number(direct.rows[0]?.[0]), 2);

    // The original report is unchanged on the server.
    const original = harness.emulator.state.reports.get(harness.emulator.sample.salesReportId);
    expect(original?.definition.filters).toBeUndefined();
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.removeFilters()));
  });

  it('persistent filters come back on reload; resetPersistentFilters returns to the load config', async () => {
    await embedReport('c1', {
      id: harness.emulator.sample.salesReportId,
      embedUrl: harness.emulator.sampleEmbedUrl,
      filters: [basic('Region', ['Asia'])],
      settings: { persistentFiltersEnabled: true },
    });
    expect(await onEmbed(page, 'c1', (report) => report.arePersistentFiltersApplied())).toBe(false);
    await untilRendered(page, 'c1', () =>
      onEmbed(
        page,
        'c1',
        async (report, filter) => (await report.getActivePage()).setFilters([filter]),
        basic('Category', ['Bikes']),
      ),
    );
    await onEmbed(page, 'c1', (report) => report.savePersistentFilters());

    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.reload()));
    expect(await onEmbed(page, 'c1', (report) => report.arePersistentFiltersApplied())).toBe(true);
    const pageFilters = await onEmbed(page, 'c1', async (report) =>
      (await report.getActivePage()).getFilters(),
    );
    expect(pageFilters.map((f: { values: unknown }) => f.values)).toEqual([['Bikes']]);
    // The load config's own filter still applies on top.
    expect((await onEmbed(page, 'c1', (report) => report.getFilters()))[0].values).toEqual([
      'Asia',
    ]);

    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) => report.resetPersistentFilters()),
    );
    expect(await onEmbed(page, 'c1', (report) => report.arePersistentFiltersApplied())).toBe(false);
    expect(
      await onEmbed(page, 'c1', async (report) => (await report.getActivePage()).getFilters()),
    ).toEqual([]);
    expect((await onEmbed(page, 'c1', (report) => report.getFilters()))[0].values).toEqual([
      'Asia',
    ]);
    const card = await exported('c1', 'ReportSection1', 'totalAmountCard');
    const direct = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
      filters: [basic('Region', ['Asia'])],
    });
    expect(Number(card[0]?.[0])).toBeCloseTo(Number(direct.rows[0]?.[0]), 2);

    // Reset also forgot them: the next load has no persistent filters.
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.reload()));
    expect(await onEmbed(page, 'c1', (report) => report.arePersistentFiltersApplied())).toBe(false);
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.removeFilters()));
  });

  it('print() opens the frame print dialog', async () => {
    const frame = page.frames().find((f) => f.url().includes('/reportEmbed') && f.parentFrame());
    if (!frame) throw new Error('report frame not found');
    // Headless Chromium has no dialog: count the calls the frame makes instead.
    await frame.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => (w.printed += 1);
    });
    await onEmbed(page, 'c1', (report) => report.print());
    await expect
      .poll(() => frame.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
  });

  it('hasLayout: desktop everywhere, phone portrait where the page has one; unknown pages are refused', async () => {
    const answers = await onEmbed(page, 'c1', async (report) => {
      const overview = await report.getPageByName('ReportSection1');
      const detail = await report.getPageByName('ReportSection3');
      return [
        await overview.hasLayout(0),
        await overview.hasLayout(2),
        await overview.hasLayout(3),
        await detail.hasLayout(2),
      ];
    });
    expect(answers).toEqual([true, true, false, false]);
    const missing = await page.evaluate(async () => {
      const w = window as unknown as HostWindow;
      const iframe = document.querySelector('#c1 iframe') as HTMLIFrameElement;
      return w.svc.hpm
        .get('/report/pages/NoSuchPage/layoutTypes/Master', {}, iframe.contentWindow as Window)
        .catch((error: unknown) => error);
    });
    expect(missing).toMatchObject({ statusCode: 404 });
  });

  it('sortBy reorders a visual by its measure; clone adds a filtered copy', async () => {
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', async (report) =>
        (
          await (await report.getPageByName('ReportSection1')).getVisualByName('amountByCategory')
        ).sortBy({ orderBy: { table: 'Sales', column: 'Amount' }, direction: 1 }),
      ),
    );
    const direct = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      groupBy: [col('Category')],
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
      orderBy: [{ ref: { ...col('Amount'), aggregation: 'sum' }, direction: 'asc' }],
    });
    const sorted = await exported('c1', 'ReportSection1', 'amountByCategory');
    expect(sorted.map((row) => row[0])).toEqual(direct.rows.map((row) => row[0]));

    const cloned = await untilRendered(page, 'c1', () =>
      onEmbed(
        page,
        'c1',
        async (report, filter) =>
          (
            await (await report.getPageByName('ReportSection1')).getVisualByName('amountByCategory')
          ).clone({ filters: [filter], layout: { x: 40, y: 40 } }),
        basic('Region', ['Africa']),
      ),
    );
    const visuals = await onEmbed(page, 'c1', async (report) =>
      (await (await report.getPageByName('ReportSection1')).getVisuals()).map(
        (v: { name: string }) => v.name,
      ),
    );
    expect(visuals).toContain(cloned.visualName);
    const africa = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      groupBy: [col('Category')],
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
      filters: [basic('Region', ['Africa'])],
    });
    const copy = await exported('c1', 'ReportSection1', cloned.visualName);
    const byCategory = new Map(africa.rows.map((row) => [row[0], Number(row[1])]));
    expect(copy.length).toBe(africa.rows.length);
    for (const [category, amount] of copy) {
      expect(Number(amount)).toBeCloseTo(byCategory.get(category ?? '') ?? Number.NaN, 2);
    }
  });

  it('smart narrative names the largest and smallest category the data has', async () => {
    const direct = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      groupBy: [col('Region')],
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
      orderBy: [{ ref: { ...col('Amount'), aggregation: 'sum' }, direction: 'desc' }],
    });
    const top = String(direct.rows[0]?.[0]);
    const bottom = String(direct.rows.at(-1)?.[0]);
    const insight = await onEmbed(page, 'c1', async (report) =>
      (
        await (await report.getPageByName('ReportSection1')).getVisualByName('amountByRegion')
      ).getSmartNarrativeInsights(),
    );
    expect(insight.summaryText).toContain(`${top} has the highest`);
    expect(insight.summaryText).toContain(`and ${bottom} the lowest`);
  });
});
