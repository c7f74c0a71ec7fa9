import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  embedIn,
  mark,
  openHostPage,
  openHostSession,
  waitEvent,
  type Harness,
  type HostWindow,
} from './support/harness.ts';
import { fruitDataset } from './support/fruit-dataset.ts';

let harness: Harness;
let page: Page;
let token: string;

beforeAll(async () => {
  ({ harness, page, token } = await openHostSession());
});

beforeEach(async () => {
  await openHostPage(harness, page);
});

afterAll(async () => {
  await harness?.close();
});

const frame = () => page.frameLocator('#c1 iframe');

describe('every embed type loads from the emulator and posts its events', () => {
  it('dashboard: tiles with live data, tileClicked on click', async () => {
    const { url, sample } = harness.emulator;
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', {
      type: 'dashboard',
      id: sample.dashboardId,
      embedUrl: `${url}/dashboardEmbed?dashboardId=${sample.dashboardId}&groupId=${sample.groupId}`,
      accessToken: token,
      tokenType: 1,
    });
    await waitEvent(page, 'c1', 'loaded', from);
    await waitEvent(page, 'c1', 'rendered', from);
    await expect.poll(() => frame().locator('.cv-tile [data-rendered=true]').count()).toBe(4);
    const tileId = harness.emulator.state.dashboards.get(sample.dashboardId)?.definition.tiles[1]
      ?.id;
    const clicked = await mark(page);
    await frame().locator(`[data-tile-id="${tileId}"]`).click();
    expect(await waitEvent(page, 'c1', 'tileClicked', clicked)).toMatchObject({
      tileId,
      pageName: 'ReportSection1',
    });
  });

  it('phased report: prepare posts loaded, render() draws and posts rendered', async () => {
    const { sample, sampleEmbedUrl } = harness.emulator;
    const from = await mark(page);
    await embedIn(page, 'c1', 'load', {
      type: 'report',
      id: sample.salesReportId,
      embedUrl: sampleEmbedUrl,
      accessToken: token,
      tokenType: 1,
    });
    await waitEvent(page, 'c1', 'loaded', from);
    expect(await frame().locator('.cv-visual').count()).toBe(0);
    const rendered = await mark(page);
    await page.evaluate(() => (window as unknown as HostWindow).embeds.c1.render());
    await waitEvent(page, 'c1', 'rendered', rendered);
    expect(await frame().locator('.cv-visual[data-rendered=true]').count()).toBe(4);
  });

  it('tile: one pinned visual', async () => {
    const { url, sample } = harness.emulator;
    const tile = harness.emulator.state.dashboards.get(sample.dashboardId)?.definition.tiles[0];
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', {
      type: 'tile',
      id: tile?.id,
      dashboardId: sample.dashboardId,
      embedUrl: `${url}/embed?dashboardId=${sample.dashboardId}&tileId=${tile?.id}`,
      accessToken: token,
      tokenType: 1,
    });
    await waitEvent(page, 'c1', 'loaded', from);
    await waitEvent(page, 'c1', 'rendered', from);
    await expect.poll(() => frame().locator('.cv-card-value').textContent()).toMatch(/\d/);
    await expect.poll(() => frame().locator('.cv-visual').count()).toBe(1);
  });

  it('visual: only the named visual of the report, filling the frame', async () => {
    const { sample, sampleEmbedUrl } = harness.emulator;
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', {
      type: 'visual',
      id: sample.salesReportId,
      embedUrl: sampleEmbedUrl,
      accessToken: token,
      tokenType: 1,
      pageName: 'ReportSection1',
      visualName: 'amountByRegion',
    });
    await waitEvent(page, 'c1', 'loaded', from);
    await waitEvent(page, 'c1', 'rendered', from);
    await expect.poll(() => frame().locator('.cv-visual').count()).toBe(1);
    await expect
      .poll(() =>
        frame().locator('[data-visual-name=amountByRegion][data-rendered=true] canvas').count(),
      )
      .toBe(1);
    const descriptor = await page.evaluate(
      async () =>
        (await (window as unknown as HostWindow).embeds.c1.getVisualDescriptor()).type as string,
    );
    expect(descriptor).toBe('donutChart');
  });

  it('qna: a question becomes a visual; setQuestion asks another', async () => {
    const { url, sample } = harness.emulator;
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', {
      type: 'qna',
      embedUrl: `${url}/qnaEmbed?groupId=${sample.groupId}`,
      accessToken: token,
      tokenType: 1,
      datasetIds: [sample.datasetId],
      question: 'total amount by region',
      viewMode: 0,
    });
    await waitEvent(page, 'c1', 'loaded', from);
    const first = await waitEvent<{ question: string; normalizedQuestion: string }>(
      page,
      'c1',
      'visualRendered',
      from,
    );
    expect(first.question).toBe('total amount by region');
    expect(first.normalizedQuestion.length).toBeGreaterThan(0);
    await expect.poll(() => frame().locator('.cv-qna-result [data-rendered=true]').count()).toBe(1);
    const again = await mark(page);
    await page.evaluate(() =>
      (window as unknown as HostWindow).embeds.c1.setQuestion('amount by category'),
    );
    expect(await waitEvent(page, 'c1', 'visualRendered', again)).toMatchObject({
      question: 'amount by category',
    });
    const refused = await page.evaluate(() =>
      (window as unknown as HostWindow).embeds.c1.setQuestion('').then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    );
    expect(refused).not.toBe('resolved');
  });

  it('create: a blank editable report over the dataset; visuals added from the fields pane; saveAs persists it', async () => {
    const { url, sample } = harness.emulator;
    const from = await mark(page);
    await embedIn(page, 'c1', 'createReport', {
      embedUrl: `${url}/reportEmbed?datasetId=${sample.datasetId}&groupId=${sample.groupId}`,
      datasetId: sample.datasetId,
      groupId: sample.groupId,
      accessToken: token,
      tokenType: 1,
    });
    await waitEvent(page, 'c1', 'loaded', from);
    await expect
      .poll(() => frame().getByRole('toolbar', { name: 'Editing' }).isVisible())
      .toBe(true);
    expect(await frame().locator('.cv-visual').count()).toBe(0);

    const added = await mark(page);
    await frame().locator('input[name="Sales.Category"]').check();
    await frame().locator('input[name="Sales.Amount"]').check();
    await frame().locator('select[name=visualType]').selectOption('clusteredColumnChart');
    await frame().getByRole('button', { name: 'Add visual' }).click();
    await waitEvent(page, 'c1', 'rendered', added);
    await expect
      .poll(() => frame().locator('.cv-visual[data-rendered=true] canvas').count())
      .toBe(1);
    expect(await page.evaluate(() => (window as unknown as HostWindow).embeds.c1.isSaved())).toBe(
      false,
    );

    const saved = await mark(page);
    await page.evaluate(() =>
      (window as unknown as HostWindow).embeds.c1.saveAs({ name: 'Fresh report' }),
    );
    const event = await waitEvent<{ reportObjectId: string; reportName: string }>(
      page,
      'c1',
      'saved',
      saved,
    );
    expect(event.reportName).toBe('Fresh report');
    const stored = harness.emulator.state.reports.get(event.reportObjectId);
    expect(stored?.definition).toMatchObject({ name: 'Fresh report', datasetId: sample.datasetId });
    expect(stored?.definition.pages[0]?.visuals).toEqual([
      expect.objectContaining({
        type: 'clusteredColumnChart',
        query: expect.objectContaining({
          groupBy: [{ table: 'Sales', column: 'Category' }],
          measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
        }),
      }),
    ]);
  });

  it('quickCreate: a summary report built from the datasetCreateConfig', async () => {
    const { url } = harness.emulator;
    const from = await mark(page);
    await embedIn(page, 'c1', 'quickCreate', {
      embedUrl: `${url}/quickCreate`,
      accessToken: token,
      tokenType: 1,
      datasetCreateConfig: fruitDataset([
        ['Apple', '3'],
        ['Pear', '5'],
        ['Apple', '4'],
      ]),
    });
    await waitEvent(page, 'c1', 'loaded', from);
    await waitEvent(page, 'c1', 'rendered', from);
    await expect.poll(() => frame().locator('.cv-card-value').textContent()).toBe('12');
    await expect.poll(() => frame().locator('.cv-table tbody tr').count()).toBe(3);
  });

  it('rdl: parameters and a paged table; the library refuses report APIs', async () => {
    const { url, sample } = harness.emulator;
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', {
      type: 'report',
      id: sample.paginatedReportId,
      embedUrl: `${url}/rdlEmbed?reportId=${sample.paginatedReportId}&groupId=${sample.groupId}`,
      accessToken: token,
      tokenType: 1,
    });
    await waitEvent(page, 'c1', 'loaded', from);
    await waitEvent(page, 'c1', 'rendered', from);
    const pager = frame().locator('[data-page-count]');
    await expect.poll(() => pager.textContent()).toMatch(/^Page 1 of \d+$/);
    await frame().getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => pager.textContent()).toMatch(/^Page 2 of \d+$/);
    const europePages = Number(await pager.getAttribute('data-page-count'));
    const rerendered = await mark(page);
    await frame().locator('select[name=Region]').selectOption('Oceania');
    await frame().getByRole('button', { name: 'View report' }).click();
    await waitEvent(page, 'c1', 'rendered', rerendered);
    await expect.poll(() => pager.textContent()).toMatch(/^Page 1 of \d+$/);
    expect(Number(await pager.getAttribute('data-page-count'))).not.toBe(europePages);
    const refused = await page.evaluate(() =>
      (window as unknown as HostWindow).embeds.c1.getPages().then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    );
    expect(refused).toBe('This API is currently not supported for RDL reports');
  });
});
