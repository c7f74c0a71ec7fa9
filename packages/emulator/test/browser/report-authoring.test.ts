import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mark,
  onEmbed,
  openHostSession,
  untilRendered,
  waitEvent,
  type Harness,
} from './support/harness.ts';
import { embedSalesReport } from './support/sales-report.ts';

/**
 * What a user or the host does to a report beyond filtering: bookmarks (API and buttons), theme and
 * zoom, custom menu commands, edit mode with page changes and Save as. The tests run in order on
 * one embedded report.
 */

let harness: Harness;
let page: Page;
let reportId: string;

beforeAll(async () => {
  const session = await openHostSession();
  ({ harness, page } = session);
  reportId = harness.emulator.sample.salesReportId;
  await embedSalesReport(session);
});

afterAll(async () => {
  await harness?.close();
});

describe('report authoring and interaction', () => {
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
});
