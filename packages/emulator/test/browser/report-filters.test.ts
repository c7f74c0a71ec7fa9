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
} from './support/harness.ts';
import { basic, col } from './support/sales-filters.ts';
import { embedSalesReport } from './support/sales-report.ts';

/**
 * Filters, slicers, cross-filtering and the data a report shows: every expectation about numbers is
 * computed independently through the emulator's query endpoint. The tests run in order on one
 * embedded report; each one undoes the state it set, except the page it leaves active.
 */

let harness: Harness;
let page: Page;
let token: string;

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
  const session = await openHostSession();
  ({ harness, page, token } = session);
  await embedSalesReport(session);
});

afterAll(async () => {
  await harness?.close();
});

describe('report filters and data', () => {
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
});
