import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, queryDirect } from './support/data.ts';
import {
  mark,
  onEmbed,
  openHostSession,
  untilRendered,
  waitEvent,
  type Harness,
  type HostWindow,
} from './support/harness.ts';
import { basic, col } from './support/sales-filters.ts';
import { distinctColors } from './support/png.ts';

let harness: Harness;
let page: Page;
let token: string;
let reportId: string;

/** The total of the "Total sales" card as the frame computes it (through exportData). */
async function cardTotal(): Promise<number> {
  const csv = await onEmbed(page, 'c1', async (report) => {
    const pages = await report.getPages();
    const overview = pages.find((p: { name: string }) => p.name === 'ReportSection1');
    const visual = await overview.getVisualByName('totalAmountCard');
    return (await visual.exportData(0)).data as string;
  });
  return Number(parseCsv(csv)[1]?.[0]);
}

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
    expect(pages).toEqual([
      ['ReportSection1', 'Overview', true],
      ['ReportSection2', 'Details', false],
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

  it('filters really filter: basic at report level, advanced at page level, Top N at visual level', async () => {
    const unfiltered = await cardTotal();
    const byRegionCategory = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      groupBy: [col('Region'), col('Category')],
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
    });
    const sum = (pick: (row: (string | number | null)[]) => boolean) =>
      byRegionCategory.rows.filter(pick).reduce((s, row) => s + Number(row[2]), 0);
    expect(unfiltered).toBeCloseTo(
      sum(() => true),
      0,
    );

    await untilRendered(page, 'c1', () =>
      onEmbed(
        page,
        'c1',
        (report, filter) => report.setFilters([filter]),
        basic('Region', ['Europe']),
      ),
    );
    expect(await cardTotal()).toBeCloseTo(
      sum((row) => row[0] === 'Europe'),
      0,
    );
    const stored = await onEmbed(page, 'c1', (report) => report.getFilters());
    expect(stored).toEqual([
      expect.objectContaining({
        $schema: 'http://powerbi.com/product/schema#basic',
        values: ['Europe'],
      }),
    ]);

    const advanced = {
      $schema: 'http://powerbi.com/product/schema#advanced',
      target: col('Category'),
      filterType: 0,
      logicalOperator: 'Or',
      conditions: [
        { operator: 'StartsWith', value: 'Bik' },
        { operator: 'Is', value: 'Clothing' },
      ],
    };
    const from = await mark(page);
    await onEmbed(
      page,
      'c1',
      async (report, filter) => (await report.getActivePage()).setFilters([filter]),
      advanced,
    );
    await waitEvent(page, 'c1', 'filtersApplied', from);
    await waitEvent(page, 'c1', 'rendered', from);
    expect(await cardTotal()).toBeCloseTo(
      sum((row) => row[0] === 'Europe' && (row[1] === 'Bikes' || row[1] === 'Clothing')),
      0,
    );

    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', async (report) => (await report.getActivePage()).removeFilters()),
    );
    const topN = {
      $schema: 'http://powerbi.com/product/schema#topN',
      target: col('Category'),
      filterType: 5,
      operator: 'Top',
      itemCount: 2,
      orderBy: { ...col('Amount'), aggregationFunction: 'Sum' },
    };
    const rows = await onEmbed(
      page,
      'c1',
      async (report, filter) => {
        const visual = await (await report.getActivePage()).getVisualByName('amountByCategory');
        await visual.setFilters([filter]);
        return (await visual.exportData(0)).data as string;
      },
      topN,
    );
    const europe = byRegionCategory.rows
      .filter((row) => row[0] === 'Europe')
      .sort((a, b) => Number(b[2]) - Number(a[2]));
    expect(
      parseCsv(rows)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(europe.slice(0, 2).map((row) => row[1]));
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', async (report) =>
        (await (await report.getActivePage()).getVisualByName('amountByCategory')).removeFilters(),
      ),
    );
  });

  it('relative date and relative time filters narrow the data, and removeFilters restores it', async () => {
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.removeFilters()));
    const all = await cardTotal();
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) =>
        report.setFilters([
          {
            $schema: 'http://powerbi.com/product/schema#relativeDate',
            target: { table: 'Sales', column: 'OrderDate' },
            filterType: 4,
            operator: 0,
            timeUnitsCount: 3,
            timeUnitType: 4,
            includeToday: true,
          },
        ]),
      ),
    );
    const lastThreeMonths = await cardTotal();
    expect(lastThreeMonths).toBeGreaterThan(0);
    expect(lastThreeMonths).toBeLessThan(all);
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) =>
        report.setFilters([
          {
            $schema: 'http://powerbi.com/product/schema#relativeTime',
            target: { table: 'Sales', column: 'OrderTimestamp' },
            filterType: 7,
            operator: 0,
            timeUnitsCount: 72,
            timeUnitType: 8,
          },
        ]),
      ),
    );
    expect(await cardTotal()).toBeLessThan(lastThreeMonths);
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.removeFilters()));
    expect(await cardTotal()).toBeCloseTo(all, 2);
  });

  it('refuses invalid filters with a 400 and the validation errors', async () => {
    const rejected = await onEmbed(page, 'c1', (report) =>
      report.setFilters([{ filterType: 1 }]).then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    );
    expect(rejected).toEqual([expect.objectContaining({ message: expect.any(String) })]);
    const unknownColumn = await onEmbed(
      page,
      'c1',
      (report, filter) =>
        report.setFilters([filter]).then(
          () => 'resolved',
          (error: unknown) => error,
        ),
      basic('NoSuchColumn', ['x']),
    );
    expect(unknownColumn).toMatchObject({
      errorCode: 'Invalid parameters',
      detailedMessage: expect.stringContaining('NoSuchColumn'),
    });
  });

  it('slicer state filters the other visuals of the page', async () => {
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) => report.setPage('ReportSection2')),
    );
    const before = await onEmbed(page, 'c1', async (report) =>
      (await (await report.getActivePage()).getVisualByName('regionSlicer')).getSlicerState(),
    );
    expect(before.filters).toEqual([]);
    await untilRendered(page, 'c1', () =>
      onEmbed(
        page,
        'c1',
        async (report, filter) =>
          (await (await report.getActivePage()).getVisualByName('regionSlicer')).setSlicerState({
            filters: [filter],
          }),
        basic('Region', ['Asia']),
      ),
    );
    const countries = await onEmbed(
      page,
      'c1',
      async (report) =>
        (
          await (
            await (await report.getActivePage()).getVisualByName('amountByCountry')
          ).exportData(0)
        ).data as string,
    );
    const direct = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      groupBy: [col('Region'), col('Country')],
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
    });
    const asian = new Set(direct.rows.filter((row) => row[0] === 'Asia').map((row) => row[1]));
    const shown = parseCsv(countries)
      .slice(1)
      .map((row) => row[0]);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((country) => asian.has(country))).toBe(true);
    expect(
      (
        await onEmbed(page, 'c1', async (report) =>
          (await (await report.getActivePage()).getVisualByName('regionSlicer')).getSlicerState(),
        )
      ).filters[0].values,
    ).toEqual(['Asia']);
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', async (report) =>
        (await (await report.getActivePage()).getVisualByName('regionSlicer')).setSlicerState({
          filters: [],
        }),
      ),
    );
  });

  it('clicking a data point cross-filters the page and posts dataSelected, selectionChanged and visualClicked', async () => {
    const frame = page.frameLocator('#c1 iframe');
    const from = await mark(page);
    await frame
      .locator('[data-visual-name=customerTable][data-rendered=true] tbody tr')
      .first()
      .click();
    const selected = await waitEvent<{
      dataPoints: { identity: { target: { column: string }; equals: string }[] }[];
      filters: { values: string[] }[];
      visual: { name: string };
    }>(page, 'c1', 'dataSelected', from);
    await waitEvent(page, 'c1', 'selectionChanged', from);
    const clicked = await waitEvent<{ visual: { name: string } }>(
      page,
      'c1',
      'visualClicked',
      from,
    );
    expect(clicked.visual.name).toBe('customerTable');
    expect(selected.visual.name).toBe('customerTable');
    const customer = selected.dataPoints[0]!.identity[0]!.equals;
    expect(selected.dataPoints[0]!.identity[0]!.target.column).toBe('Customer');
    expect(selected.filters[0]!.values).toEqual([customer]);
    await waitEvent(page, 'c1', 'rendered', from);
    // The matrix now shows only that customer's sales.
    const matrix = await onEmbed(
      page,
      'c1',
      async (report) =>
        (
          await (
            await (await report.getActivePage()).getVisualByName('regionCategoryMatrix')
          ).exportData(0)
        ).data as string,
    );
    const direct = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
      filters: [basic('Customer', [customer])],
    });
    const matrixTotal = parseCsv(matrix)
      .slice(1)
      .reduce((s, row) => s + Number(row.at(-1)), 0);
    expect(matrixTotal).toBeCloseTo(Number(direct.rows[0]![0]), 0);
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) => report.clearSelectedVisuals()),
    );
  });

  it('bookmarks: list, apply by name, capture and apply a state string', async () => {
    const list = await onEmbed(page, 'c1', (report) => report.bookmarksManager.getBookmarks());
    expect(list.map((b: { name: string }) => b.name)).toEqual(['Bookmark1', 'Bookmark2']);
    let from = await mark(page);
    await onEmbed(page, 'c1', (report) => report.bookmarksManager.apply('Bookmark1'));
    expect(await waitEvent(page, 'c1', 'bookmarkApplied', from)).toMatchObject({
      bookmarkName: 'Bookmark1',
    });
    await waitEvent(page, 'c1', 'rendered', from);
    expect(await onEmbed(page, 'c1', async (report) => (await report.getActivePage()).name)).toBe(
      'ReportSection1',
    );
    expect((await onEmbed(page, 'c1', (report) => report.getFilters()))[0].values).toEqual([
      'Europe',
    ]);

    const captured = await onEmbed(page, 'c1', (report) =>
      report.bookmarksManager.capture({ allPages: true }),
    );
    expect(typeof captured.state).toBe('string');
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.removeFilters()));
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) => report.setPage('ReportSection2')),
    );
    from = await mark(page);
    await onEmbed(
      page,
      'c1',
      (report, state) => report.bookmarksManager.applyState(state),
      captured.state as string,
    );
    await waitEvent(page, 'c1', 'rendered', from);
    expect(await onEmbed(page, 'c1', async (report) => (await report.getActivePage()).name)).toBe(
      'ReportSection1',
    );
    expect((await onEmbed(page, 'c1', (report) => report.getFilters()))[0].values).toEqual([
      'Europe',
    ]);
    const bad = await onEmbed(page, 'c1', (report) =>
      report.bookmarksManager.applyState('not-a-state').then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    );
    expect(bad).toMatchObject({ errorCode: 'Invalid parameters' });
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.removeFilters()));
  });

  it('exportData returns summarized and underlying data', async () => {
    const [summarized, underlying] = await onEmbed(page, 'c1', async (report) => {
      const visual = await (await report.getActivePage()).getVisualByName('amountByCategory');
      return [(await visual.exportData(0)).data, (await visual.exportData(1, 5)).data] as string[];
    });
    const summary = parseCsv(summarized!);
    expect(summary[0]).toEqual(['Category', 'Sum of Amount']);
    expect(summary.length - 1).toBe(5);
    const rows = parseCsv(underlying!);
    expect(rows[0]).toEqual(['Category', 'Amount']);
    expect(rows).toHaveLength(6);
  });

  it('theme, zoom and settings round-trip; bad settings are refused', async () => {
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) =>
        report.applyTheme({ themeJson: { name: 'Red', dataColors: ['#d13438', '#038387'] } }),
      ),
    );
    expect(await onEmbed(page, 'c1', (report) => report.getTheme())).toMatchObject({
      themeJson: { name: 'Red' },
    });
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.setZoom(1.25)));
    expect(await onEmbed(page, 'c1', (report) => report.getZoom())).toBe(1.25);
    const refused = await onEmbed(page, 'c1', (report) =>
      report.updateSettings({ zoomLevel: 10 }).then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    );
    expect(refused).toEqual([
      expect.objectContaining({ message: expect.stringContaining('zoomLevel') }),
    ]);
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.setZoom(1)));
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.resetTheme()));
  });

  it('custom menu commands appear in the visual header and post commandTriggered', async () => {
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) =>
        report.addOptionsMenuCommand(
          'drill',
          'Drill into data',
          'Drill into data',
          0,
          'amountByCategory',
        ),
      ),
    );
    const frame = page.frameLocator('#c1 iframe');
    const from = await mark(page);
    await frame.locator('[data-visual-name=amountByCategory] .cv-visual-options').click();
    await frame.getByRole('menuitem', { name: 'Drill into data' }).click();
    expect(await waitEvent(page, 'c1', 'commandTriggered', from)).toMatchObject({
      command: 'drill',
      visual: { name: 'amountByCategory' },
    });
  });

  it('edit mode: add, rename and delete pages, saveAs persists a new report and posts saved', async () => {
    await onEmbed(page, 'c1', (report) => report.switchMode('edit'));
    let from = await mark(page);
    const added = await onEmbed(
      page,
      'c1',
      async (report) => (await report.addPage('Scratch')).name as string,
    );
    expect(await waitEvent(page, 'c1', 'pageChanged', from)).toMatchObject({
      newPage: { name: added },
    });
    await onEmbed(page, 'c1', (report, name) => report.renamePage(name, 'Scratch pad'), added);
    expect(
      (await onEmbed(page, 'c1', (report) => report.getPages())).map(
        (p: { displayName: string }) => p.displayName,
      ),
    ).toContain('Scratch pad');
    expect(await onEmbed(page, 'c1', (report) => report.isSaved())).toBe(false);
    from = await mark(page);
    await onEmbed(page, 'c1', (report) => report.saveAs({ name: 'Sales copy' }));
    const saved = await waitEvent<{ reportObjectId: string; reportName: string; saveAs: boolean }>(
      page,
      'c1',
      'saved',
      from,
    );
    expect(saved).toMatchObject({ reportName: 'Sales copy', saveAs: true });
    expect(saved.reportObjectId).not.toBe(reportId);
    const stored = harness.emulator.state.reports.get(saved.reportObjectId);
    expect(stored?.definition.pages.map((p) => p.displayName)).toContain('Scratch pad');
    expect(await onEmbed(page, 'c1', (report) => report.isSaved())).toBe(true);
    await onEmbed(page, 'c1', (report, name) => report.deletePage(name), added);
    expect(
      (await onEmbed(page, 'c1', (report) => report.getPages())).map(
        (p: { name: string }) => p.name,
      ),
    ).not.toContain(added);
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) => report.switchMode('view')),
    );
  });

  it('bookmark buttons post buttonClicked and bookmarkApplied; Save as posts saveAsTriggered with a custom dialog', async () => {
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) =>
        report.updateSettings({
          panes: { bookmarks: { visible: true } },
          useCustomSaveAsDialog: true,
        }),
      ),
    );
    const frame = page.frameLocator('#c1 iframe');
    let from = await mark(page);
    await frame.locator('[data-bookmark=Bookmark2]').click();
    expect(await waitEvent(page, 'c1', 'buttonClicked', from)).toMatchObject({
      type: 'Bookmark',
      bookmark: 'Bookmark2',
    });
    expect(await waitEvent(page, 'c1', 'bookmarkApplied', from)).toMatchObject({
      bookmarkName: 'Bookmark2',
    });
    await waitEvent(page, 'c1', 'rendered', from);
    expect(
      (await onEmbed(page, 'c1', (report) => report.getFilters())).map(
        (f: { filterType: number }) => f.filterType,
      ),
    ).toEqual([1, 4]);

    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) => report.switchMode('edit')),
    );
    from = await mark(page);
    await frame.getByRole('button', { name: 'Save as' }).click();
    await waitEvent(page, 'c1', 'saveAsTriggered', from);
    await untilRendered(page, 'c1', () =>
      onEmbed(page, 'c1', (report) => report.switchMode('view')),
    );
    await untilRendered(page, 'c1', () => onEmbed(page, 'c1', (report) => report.removeFilters()));
  });

  it('page smart narrative is computed from the data', async () => {
    const summary = await onEmbed(page, 'c1', async (report) =>
      (await report.getActivePage()).getSmartNarrativeInsights(),
    );
    // The category with the highest amount, asked independently of the frame.
    const direct = await queryDirect(harness.emulator.url, token, {
      datasetId: harness.emulator.sample.datasetId,
      groupBy: [col('Category')],
      measures: [{ ...col('Amount'), aggregation: 'sum' }],
      orderBy: [{ ref: { ...col('Amount'), aggregation: 'sum' }, direction: 'desc' }],
      limit: 1,
    });
    expect(summary.summaryText).toContain(`${String(direct.rows[0]?.[0])} has the highest`);
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
    expect((await onEmbed(page, 'c1', (report) => report.getPages())).length).toBe(2);
  });
});
