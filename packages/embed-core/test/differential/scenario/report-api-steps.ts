/**
 * Every Report API method of the table in docs/embed-core/api-reference.md#report-and-visual on the main report `r1`, including the
 * frame's error answers (400/500) and the local refusals (not found, layout switch).
 */
import type { Step } from '../harness/recorder.ts';
import { PAGES } from '../harness/scripted-app.ts';
import { REGION_FILTER, SALES_FILTER } from './fixtures.ts';

const fail500 = { statusCode: 500, body: { message: 'InternalError', detailedMessage: 'boom' } };
const fail400 = { statusCode: 400, body: [{ message: 'filters[0].target is required' }] };

export const reportApiSteps: Step[] = [
  { id: 'report.render', run: (ctx) => ctx.report().render() },
  {
    id: 'report.render-with-config',
    run: (ctx) => ctx.report().render({ pageName: 'ReportSection2' }),
  },
  { id: 'report.add-page', run: (ctx) => ctx.report().addPage('Forecast') },
  { id: 'report.add-page-no-name', run: (ctx) => ctx.report().addPage() },
  { id: 'report.delete-page', run: (ctx) => ctx.report().deletePage('ReportSection3') },
  {
    id: 'report.rename-page',
    run: (ctx) => ctx.report().renamePage('ReportSection2', 'Details (old)'),
  },
  { id: 'report.get-filters', run: (ctx) => ctx.report().getFilters() },
  {
    id: 'report.get-filters-500',
    run: (ctx) => {
      ctx.app.once(/^GET \/report\/filters$/, fail500);
      return ctx.report().getFilters();
    },
  },
  {
    id: 'report.update-filters-add',
    run: (ctx) => ctx.report().updateFilters(ctx.lib.models.FiltersOperations.Add, [REGION_FILTER]),
  },
  {
    id: 'report.update-filters-replace-all',
    run: (ctx) =>
      ctx
        .report()
        .updateFilters(ctx.lib.models.FiltersOperations.ReplaceAll, [REGION_FILTER, SALES_FILTER]),
  },
  {
    id: 'report.update-filters-remove-all',
    run: (ctx) => ctx.report().updateFilters(ctx.lib.models.FiltersOperations.RemoveAll),
  },
  {
    id: 'report.update-filters-400',
    run: (ctx) => {
      ctx.app.once(/^POST \/report\/filters$/, fail400);
      return ctx.report().updateFilters(ctx.lib.models.FiltersOperations.Add, [{}]);
    },
  },
  { id: 'report.remove-filters', run: (ctx) => ctx.report().removeFilters() },
  { id: 'report.set-filters', run: (ctx) => ctx.report().setFilters([SALES_FILTER]) },
  {
    id: 'report.set-filters-model-instance',
    run: (ctx) =>
      ctx
        .report()
        .setFilters([
          new ctx.lib.models.BasicFilter({ table: 'Store', column: 'Chain' }, 'In', ['Fashions']),
        ]),
  },
  { id: 'report.get-pages', run: (ctx) => ctx.report().getPages() },
  {
    id: 'report.get-pages-500',
    run: (ctx) => {
      ctx.app.once(/^GET \/report\/pages$/, fail500);
      return ctx.report().getPages();
    },
  },
  { id: 'report.get-page-by-name', run: (ctx) => ctx.report().getPageByName('ReportSection2') },
  { id: 'report.get-page-by-name-missing', run: (ctx) => ctx.report().getPageByName('Nope') },
  { id: 'report.get-active-page', run: (ctx) => ctx.report().getActivePage() },
  {
    id: 'report.get-active-page-none-active',
    run: async (ctx) => {
      ctx.app.pages = PAGES.map((p) => ({ ...p, isActive: false }));
      try {
        return await ctx.report().getActivePage();
      } finally {
        ctx.app.pages = structuredClone(PAGES);
      }
    },
  },
  {
    id: 'report.page-local',
    run: (ctx) => ctx.set('p2', ctx.report().page('ReportSection2', 'Details', false, 1)),
  },
  { id: 'report.print', run: (ctx) => ctx.report().print() },
  { id: 'report.set-page', run: (ctx) => ctx.report().setPage('ReportSection2') },
  {
    id: 'report.set-page-400',
    run: (ctx) => {
      ctx.app.once(/^PUT \/report\/pages\/active$/, {
        statusCode: 400,
        body: { message: 'PowerBIEntityNotFound', detailedMessage: 'Page not found' },
      });
      return ctx.report().setPage('Missing');
    },
  },
  {
    id: 'report.update-settings',
    run: (ctx) => ctx.report().updateSettings({ filterPaneEnabled: true, zoomLevel: 1.5 }),
  },
  {
    id: 'report.update-settings-extensions',
    run: (ctx) =>
      ctx.report().updateSettings({
        extensions: {
          commands: [
            {
              name: 'base',
              title: 'Base command',
              extend: { visualContextMenu: { title: 'Base menu' } },
            },
          ],
          groups: [{ name: 'group1', title: 'Group 1', menuLocation: 0 }],
        },
      }),
  },
  {
    id: 'report.update-settings-400',
    run: (ctx) => {
      ctx.app.once(/^PATCH \/report\/settings$/, fail400);
      return ctx.report().updateSettings({ filterPaneEnabled: true });
    },
  },
  {
    id: 'report.switch-mode-view',
    run: (ctx) => ctx.report().switchMode(ctx.lib.models.ViewMode.View),
  },
  {
    id: 'report.switch-mode-edit',
    run: (ctx) => ctx.report().switchMode(ctx.lib.models.ViewMode.Edit),
  },
  { id: 'report.switch-mode-string', run: (ctx) => ctx.report().switchMode('edit') },
  { id: 'report.switch-mode-unknown-number', run: (ctx) => ctx.report().switchMode(7) },
  { id: 'report.refresh', run: (ctx) => ctx.report().refresh() },
  { id: 'report.is-saved', run: (ctx) => ctx.report().isSaved() },
  {
    id: 'report.apply-theme',
    run: (ctx) => ctx.report().applyTheme({ themeJson: { name: 'Dark', background: '#000' } }),
  },
  { id: 'report.reset-theme', run: (ctx) => ctx.report().resetTheme() },
  { id: 'report.get-theme', run: (ctx) => ctx.report().getTheme() },
  { id: 'report.reset-persistent-filters', run: (ctx) => ctx.report().resetPersistentFilters() },
  { id: 'report.save-persistent-filters', run: (ctx) => ctx.report().savePersistentFilters() },
  {
    id: 'report.are-persistent-filters-applied',
    run: (ctx) => ctx.report().arePersistentFiltersApplied(),
  },
  {
    id: 'report.add-context-menu-command',
    run: (ctx) =>
      ctx
        .report()
        .addContextMenuCommand(
          'cmd1',
          'Drill',
          'Context',
          ctx.lib.models.MenuLocation.Top,
          'VisualContainer1',
        ),
  },
  {
    id: 'report.add-context-menu-command-grouped',
    run: (ctx) =>
      ctx
        .report()
        .addContextMenuCommand(
          'cmd2',
          'Explain',
          undefined,
          undefined,
          undefined,
          'barChart',
          'g1',
        ),
  },
  {
    id: 'report.add-options-menu-command',
    run: (ctx) =>
      ctx
        .report()
        .addOptionsMenuCommand(
          'cmd3',
          'Export',
          'Options',
          undefined,
          undefined,
          undefined,
          undefined,
          'data:image/png;base64,AA',
        ),
  },
  {
    id: 'report.remove-context-menu-command',
    run: (ctx) => ctx.report().removeContextMenuCommand('cmd1', 'Context'),
  },
  {
    id: 'report.remove-context-menu-command-missing',
    run: (ctx) => ctx.report().removeContextMenuCommand('cmd1', 'Context'),
  },
  {
    id: 'report.remove-options-menu-command',
    run: (ctx) => ctx.report().removeOptionsMenuCommand('cmd3', 'Options'),
  },
  {
    id: 'report.remove-options-menu-command-wrong-title',
    run: (ctx) => ctx.report().removeOptionsMenuCommand('cmd2', 'Explain'),
  },
  {
    id: 'report.set-visual-display-state',
    run: (ctx) =>
      ctx
        .report()
        .setVisualDisplayState(
          'ReportSection1',
          'VisualContainer1',
          ctx.lib.models.VisualContainerDisplayMode.Hidden,
        ),
  },
  {
    id: 'report.set-visual-display-state-missing-visual',
    run: (ctx) => ctx.report().setVisualDisplayState('ReportSection1', 'Nope', 0),
  },
  {
    id: 'report.set-visual-display-state-missing-page',
    run: (ctx) => ctx.report().setVisualDisplayState('Nope', 'VisualContainer1', 0),
  },
  {
    id: 'report.resize-visual',
    run: (ctx) => ctx.report().resizeVisual('ReportSection1', 'VisualContainer1', 640, 480),
  },
  {
    id: 'report.move-visual',
    run: (ctx) => ctx.report().moveVisual('ReportSection1', 'VisualContainer1', 5, 6, 7),
  },
  {
    id: 'report.move-visual-no-z',
    run: (ctx) => ctx.report().moveVisual('ReportSection1', 'Slicer1', 50, 60),
  },
  {
    id: 'report.resize-active-page',
    run: (ctx) => ctx.report().resizeActivePage(ctx.lib.models.PageSizeType.Custom, 1024, 768),
  },
  {
    id: 'report.switch-layout-desktop',
    run: (ctx) => ctx.report().switchLayout(ctx.lib.models.LayoutType.Custom),
  },
  {
    id: 'report.switch-layout-mobile-refused',
    run: (ctx) => ctx.report().switchLayout(ctx.lib.models.LayoutType.MobilePortrait),
  },
  { id: 'report.get-zoom', run: (ctx) => ctx.report().getZoom() },
  { id: 'report.set-zoom', run: (ctx) => ctx.report().setZoom(2) },
  { id: 'report.close-all-overlays', run: (ctx) => ctx.report().closeAllOverlays() },
  {
    id: 'report.close-all-overlays-500',
    run: (ctx) => {
      ctx.app.once(/closeAllOverlays$/, fail500);
      return ctx.report().closeAllOverlays();
    },
  },
  { id: 'report.clear-selected-visuals', run: (ctx) => ctx.report().clearSelectedVisuals() },
  {
    id: 'report.clear-selected-visuals-pop-out',
    run: (ctx) => ctx.report().clearSelectedVisuals(true),
  },
  {
    id: 'report.clear-selected-visuals-400',
    run: (ctx) => {
      ctx.app.once(/clearSelectedVisuals/, fail400);
      return ctx.report().clearSelectedVisuals(false);
    },
  },
  { id: 'report.save', run: (ctx) => ctx.report().save() },
  { id: 'report.save-as', run: (ctx) => ctx.report().saveAs({ name: 'Copy of sales' }) },
  { id: 'report.get-correlation-id', run: (ctx) => ctx.report().getCorrelationId() },
  { id: 'report.set-access-token-empty', run: (ctx) => ctx.report().setAccessToken('') },
  { id: 'report.set-access-token', run: (ctx) => ctx.report().setAccessToken('tok-report-2') },
  {
    id: 'report.token-stored',
    run: (ctx) => [ctx.report().config.accessToken, ctx.svc.accessToken],
  },
  {
    id: 'report.set-access-token-403',
    run: (ctx) => {
      ctx.app.once(/token$/, { statusCode: 403, body: { message: 'TokenExpired' } });
      return ctx.report().setAccessToken('tok-report-3');
    },
  },
  { id: 'report.reload', run: (ctx) => ctx.report().reload() },
  {
    id: 'report.reload-twice-throttled',
    run: async (ctx) => {
      await ctx.report().reload();
      return ctx.report().reload();
    },
  },
  {
    id: 'report.reload-400',
    run: (ctx) => {
      ctx.app.once(/\/report\/load$/, fail400);
      return ctx.report().reload();
    },
  },
  { id: 'report.set-title', run: (ctx) => ctx.report().setComponentTitle('Sales report') },
  { id: 'report.remove-title', run: (ctx) => ctx.report().setComponentTitle(null) },
  { id: 'report.set-tab-index', run: (ctx) => ctx.report().setComponentTabIndex(3) },
  { id: 'report.set-tab-index-default', run: (ctx) => ctx.report().setComponentTabIndex() },
  { id: 'report.remove-tab-index', run: (ctx) => ctx.report().removeComponentTabIndex() },
  { id: 'report.create-not-supported', run: (ctx) => ctx.report().create() },
];
