import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visual } from '../../src/reports/visual-builders.ts';
import { pngColors } from './support/png.ts';
import {
  embedIn,
  mark,
  onEmbed,
  openHostSession,
  waitEvent,
  type Harness,
} from './support/harness.ts';

/**
 * What a viewer of the rendered report sees and uses: the visual ⋯ menu (Show as a table, Export
 * data, following the host's command settings), tables whose columns fit their visual, hidden pages
 * listed by getPages. Screenshots go to $CANOPY_SCREENSHOTS (default: the OS temp dir) for review.
 */
let harness: Harness;
let page: Page;
let token: string;
const shots = process.env.CANOPY_SCREENSHOTS ?? join(tmpdir(), 'canopy-emulator-screens');

beforeAll(async () => {
  ({ harness, page, token } = await openHostSession());
  mkdirSync(shots, { recursive: true });
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

async function embed(settings: object = {}): Promise<void> {
  const from = await mark(page);
  await embedIn(page, 'c1', 'embed', {
    type: 'report',
    id: harness.emulator.sample.salesReportId,
    embedUrl: harness.emulator.sampleEmbedUrl,
    accessToken: token,
    tokenType: 1,
    // All permissions, as most hosts pass them (Read is 0: the menu must not test it as a bit).
    permissions: 7,
    settings,
  });
  await waitEvent(page, 'c1', 'rendered', from);
}

async function shoot(name: string): Promise<void> {
  writeFileSync(join(shots, `${name}.png`), await page.locator('#c1').screenshot());
}

const frame = () => page.frameLocator('#c1 iframe');

describe('rendered report', () => {
  it('getPages lists the hidden page, marked, in view mode; the tabs do not', async () => {
    await embed();
    const pages = await onEmbed(page, 'c1', async (report) =>
      (await report.getPages()).map((p: { displayName: string; visibility: number }) => [
        p.displayName,
        p.visibility,
      ]),
    );
    expect(pages).toEqual([
      ['Overview', 0],
      ['Details', 0],
      ['Product detail', 1],
    ]);
    expect(await frame().getByRole('tab').allTextContents()).toEqual(['Overview', 'Details']);
    await shoot('overview');
  });

  it('paints no background of its own when the host asks for a transparent one', async () => {
    const backgrounds = () =>
      frame()
        .locator('html')
        .evaluate(() =>
          ['html', 'body', '#canopy-root', '.cv-canvas-wrap', '.cv-canvas'].map(
            (selector) => getComputedStyle(document.querySelector(selector)!).backgroundColor,
          ),
        );
    const none = 'rgba(0, 0, 0, 0)';
    await embed({ background: 1 });
    expect(await backgrounds()).toEqual([none, none, none, none, none]);
    // Visuals keep their own background, as in the service.
    const card = frame().locator('.cv-visual').first();
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(none);

    // updateSettings back to the default brings the wallpaper and the white page back.
    const from = await mark(page);
    await onEmbed(page, 'c1', (report) => report.updateSettings({ background: 0 }));
    await waitEvent(page, 'c1', 'rendered', from);
    const opaque = await backgrounds();
    expect(opaque[3]).not.toBe(none);
    expect(opaque[4]).not.toBe(none);
    await embed();
  });

  it('keeps each region in its colour when a filter removes one', async () => {
    const donut = async () =>
      pngColors(await frame().locator('[data-visual-name=amountByRegion] canvas').screenshot());
    // The first two theme colours: Americas (drawn first) and Europe.
    const [blue, teal] = [0x2f6fdf, 0x12a594];
    const before = await donut();
    expect(before.has(blue) && before.has(teal)).toBe(true);
    const from = await mark(page);
    await onEmbed(page, 'c1', (report) =>
      report.setFilters([
        {
          $schema: 'http://powerbi.com/product/schema#basic',
          target: { table: 'Sales', column: 'Region' },
          filterType: 1,
          operator: 'NotIn',
          values: ['Americas'],
        },
      ]),
    );
    await waitEvent(page, 'c1', 'rendered', from);
    await shoot('overview-without-americas');
    // Europe keeps its teal; Americas' blue is gone instead of passing to the next region.
    const after = await donut();
    expect(after.has(teal)).toBe(true);
    expect(after.has(blue)).toBe(false);
    await onEmbed(page, 'c1', (report) => report.removeFilters());
  });

  it('the ⋯ menu shows the visual as a table and exports its data as CSV', async () => {
    const visual = frame().locator('[data-visual-name=amountByCategory]');
    await visual.hover();
    await visual.locator('.cv-visual-options').click();
    const items = await frame().getByRole('menuitem').allTextContents();
    expect(items.slice(0, 2)).toEqual(['Show as a table', 'Export data']);
    await shoot('visual-menu');
    await frame().getByRole('menuitem', { name: 'Show as a table' }).click();
    const dialog = frame().getByRole('dialog');
    await expect.poll(() => dialog.locator('tbody tr').count()).toBeGreaterThan(2);
    expect(await dialog.locator('thead th').allTextContents()).toEqual([
      'Category',
      'Sum of Amount',
    ]);
    await shoot('show-as-table');
    await dialog.getByRole('button', { name: '‹ Back to report' }).click();
    expect(await frame().getByRole('dialog').count()).toBe(0);

    await visual.hover();
    await visual.locator('.cv-visual-options').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      frame().getByRole('menuitem', { name: 'Export data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Category,Sum of Amount');
    expect(csv.split('\r\n').length).toBeGreaterThan(3);
  });

  it('hides or disables the data commands as settings.commands say', async () => {
    await embed({
      commands: [{ exportData: { displayOption: 2 }, seeData: { displayOption: 1 } }],
    });
    const visual = frame().locator('[data-visual-name=amountByCategory]');
    await visual.hover();
    await visual.locator('.cv-visual-options').click();
    expect(await frame().getByRole('menuitem').allTextContents()).toEqual(['Show as a table']);
    expect(await frame().getByRole('menuitem', { name: 'Show as a table' }).isDisabled()).toBe(
      true,
    );
    await page.keyboard.press('Escape');
  });

  it('Details tables fit their visual: no clipped or squeezed columns', async () => {
    await embed();
    const from = await mark(page);
    await onEmbed(page, 'c1', async (report) => {
      const pages = await report.getPages();
      await pages.find((p: { displayName: string }) => p.displayName === 'Details').setActive();
    });
    await waitEvent(page, 'c1', 'rendered', from);
    await shoot('details');
    for (const name of ['customerTable', 'regionCategoryMatrix']) {
      const fit = await frame()
        .locator(`[data-visual-name=${name}] .cv-table-wrap`)
        .evaluate((wrap) => {
          const cells = [...wrap.querySelectorAll('thead th')] as HTMLElement[];
          return {
            overflow: wrap.scrollWidth - wrap.clientWidth,
            narrowest: Math.min(...cells.map((cell) => cell.getBoundingClientRect().width)),
            clipped: cells.some((cell) => cell.scrollWidth > cell.clientWidth + 1),
          };
        });
      expect(fit.clipped, name).toBe(false);
      expect(fit.overflow, name).toBeLessThanOrEqual(0);
      expect(fit.narrowest, name).toBeGreaterThanOrEqual(40);
    }
  });

  it('flags a visual whose data was cut at a result cap', async () => {
    const { emulator } = harness;
    const definition = {
      id: 'c0ffee00-0000-4000-8000-00000000f00d',
      name: 'Every order',
      datasetId: emulator.sample.datasetId,
      reportType: 'PowerBIReport' as const,
      pages: [
        {
          name: 'ReportSection1',
          displayName: 'Orders',
          visuals: [
            visual('orders', 'Every order', 'tableEx', [24, 24, 1232, 672], {
              groupBy: [{ table: 'Sales', column: 'OrderId' }],
              measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
            }),
          ],
        },
      ],
    };
    emulator.state.addReport(emulator.sample.groupId, definition);
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', {
      type: 'report',
      id: definition.id,
      embedUrl: `${emulator.url}/reportEmbed?reportId=${definition.id}&groupId=${emulator.sample.groupId}`,
      accessToken: emulator.mintToken({ reports: [definition.id] }).token,
      tokenType: 1,
    });
    await waitEvent(page, 'c1', 'rendered', from);
    const note = frame().locator('[data-visual-name=orders] .cv-visual-note');
    expect(await note.isVisible()).toBe(true);
    expect(await note.getAttribute('title')).toBe('More than 30000 rows in a query result');
    await shoot('truncated');
  });
});
