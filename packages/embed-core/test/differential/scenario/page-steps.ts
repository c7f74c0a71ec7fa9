/** Page, VisualDescriptor and BookmarksManager (docs/embed-core/api-reference.md) on the main report `r1`. */
import type { Step } from '../harness/recorder.ts';
import { REGION_FILTER, SALES_FILTER } from './fixtures.ts';

export const pageSteps: Step[] = [
  {
    id: 'page.local-active',
    run: (ctx) => ctx.set('p1', ctx.report().page('ReportSection1', 'Overview', true)),
  },
  { id: 'page.get-filters', run: (ctx) => ctx.page('p1').getFilters() },
  {
    id: 'page.update-filters',
    run: (ctx) =>
      ctx.page('p1').updateFilters(ctx.lib.models.FiltersOperations.Replace, [REGION_FILTER]),
  },
  { id: 'page.remove-filters', run: (ctx) => ctx.page('p1').removeFilters() },
  { id: 'page.set-filters', run: (ctx) => ctx.page('p1').setFilters([SALES_FILTER]) },
  {
    id: 'page.set-filters-400',
    run: (ctx) => {
      ctx.app.once(/^PUT \/report\/pages\/ReportSection1\/filters$/, {
        statusCode: 400,
        body: [{ message: 'filterType property is invalid' }],
      });
      return ctx.page('p1').setFilters([{ filterType: 99 }]);
    },
  },
  { id: 'page.set-active', run: (ctx) => ctx.page('p2').setActive() },
  { id: 'page.set-display-name', run: (ctx) => ctx.page('p2').setDisplayName('Details 2') },
  { id: 'page.get-visuals', run: (ctx) => ctx.page('p1').getVisuals() },
  {
    id: 'page.get-visual-by-name',
    run: async (ctx) => ctx.set('vd1', await ctx.page('p1').getVisualByName('VisualContainer1')),
  },
  { id: 'page.get-visual-by-name-missing', run: (ctx) => ctx.page('p1').getVisualByName('Nope') },
  { id: 'page.get-slicers', run: (ctx) => ctx.page('p1').getSlicers() },
  {
    id: 'page.has-layout-mobile',
    run: (ctx) => ctx.page('p1').hasLayout(ctx.lib.models.LayoutType.MobilePortrait),
  },
  {
    id: 'page.has-layout-master',
    run: (ctx) => ctx.page('p1').hasLayout(ctx.lib.models.LayoutType.Master),
  },
  { id: 'page.smart-narrative', run: (ctx) => ctx.page('p1').getSmartNarrativeInsights() },
  {
    id: 'page.set-visual-display-state',
    run: (ctx) => ctx.page('p1').setVisualDisplayState('Slicer1', 1),
  },
  { id: 'page.move-visual', run: (ctx) => ctx.page('p1').moveVisual('Slicer1', 1, 2, 3) },
  { id: 'page.resize-visual', run: (ctx) => ctx.page('p1').resizeVisual('Slicer1', 90, 80) },
  {
    id: 'page.resize-active-page',
    run: (ctx) => ctx.page('p1').resizePage(ctx.lib.models.PageSizeType.Widescreen),
  },
  {
    id: 'page.resize-inactive-page',
    run: (ctx) => ctx.page('p2').resizePage(ctx.lib.models.PageSizeType.Custom, 10, 10),
  },
  {
    id: 'page.fetched-page-set-active',
    run: async (ctx) => {
      const pages = await ctx.report().getPages();
      return pages[1]?.setActive();
    },
  },
  { id: 'page.delete', run: (ctx) => ctx.page('p2').delete() },

  { id: 'visual-descriptor.get-filters', run: (ctx) => ctx.descriptor().getFilters() },
  {
    id: 'visual-descriptor.update-filters',
    run: (ctx) =>
      ctx.descriptor().updateFilters(ctx.lib.models.FiltersOperations.Add, [SALES_FILTER]),
  },
  { id: 'visual-descriptor.remove-filters', run: (ctx) => ctx.descriptor().removeFilters() },
  {
    id: 'visual-descriptor.set-filters',
    run: (ctx) => ctx.descriptor().setFilters([REGION_FILTER]),
  },
  {
    id: 'visual-descriptor.export-data',
    run: (ctx) => ctx.descriptor().exportData(ctx.lib.models.ExportDataType.Underlying, 100),
  },
  { id: 'visual-descriptor.export-data-defaults', run: (ctx) => ctx.descriptor().exportData() },
  {
    id: 'visual-descriptor.export-data-500',
    run: (ctx) => {
      ctx.app.once(/exportData$/, {
        statusCode: 500,
        body: { message: 'ExportDataFailed', detailedMessage: 'too many rows' },
      });
      return ctx.descriptor().exportData(ctx.lib.models.ExportDataType.Summarized);
    },
  },
  {
    id: 'visual-descriptor.set-slicer-state',
    run: (ctx) => ctx.descriptor().setSlicerState({ filters: [REGION_FILTER] }),
  },
  { id: 'visual-descriptor.get-slicer-state', run: (ctx) => ctx.descriptor().getSlicerState() },
  {
    id: 'visual-descriptor.clone',
    run: (ctx) =>
      ctx.descriptor().clone({ layout: { x: 1, y: 2, width: 30, height: 40 }, autoFocus: true }),
  },
  { id: 'visual-descriptor.clone-default', run: (ctx) => ctx.descriptor().clone() },
  {
    id: 'visual-descriptor.sort-by',
    run: (ctx) =>
      ctx.descriptor().sortBy({
        orderBy: { table: 'Sales', measure: 'Total' },
        direction: ctx.lib.models.SortDirection.Descending,
      }),
  },
  {
    id: 'visual-descriptor.smart-narrative',
    run: (ctx) => ctx.descriptor().getSmartNarrativeInsights(),
  },
  { id: 'visual-descriptor.move', run: (ctx) => ctx.descriptor().moveVisual(11, 12) },
  {
    id: 'visual-descriptor.set-display-state',
    run: (ctx) => ctx.descriptor().setVisualDisplayState(0),
  },
  { id: 'visual-descriptor.resize', run: (ctx) => ctx.descriptor().resizeVisual(100, 50) },

  { id: 'bookmarks.get', run: (ctx) => ctx.report().bookmarksManager.getBookmarks() },
  { id: 'bookmarks.apply', run: (ctx) => ctx.report().bookmarksManager.apply('Bookmark1') },
  {
    id: 'bookmarks.play',
    run: (ctx) => ctx.report().bookmarksManager.play(ctx.lib.models.BookmarksPlayMode.Presentation),
  },
  {
    id: 'bookmarks.capture',
    run: (ctx) =>
      ctx.report().bookmarksManager.capture({ personalizeVisuals: true, allPages: false }),
  },
  { id: 'bookmarks.capture-defaults', run: (ctx) => ctx.report().bookmarksManager.capture() },
  {
    id: 'bookmarks.apply-state',
    run: (ctx) => ctx.report().bookmarksManager.applyState('H4sIAAAA'),
  },
  {
    id: 'bookmarks.apply-400',
    run: (ctx) => {
      ctx.app.once(/applyByName$/, {
        statusCode: 400,
        body: { message: 'bookmarkNotFound', detailedMessage: 'Bookmark not found' },
      });
      return ctx.report().bookmarksManager.apply('Missing');
    },
  },
];
