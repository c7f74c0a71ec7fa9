/**
 * Report variants: a paginated (RDL) report and its refusals, an embedded single visual, phased
 * embedding (`service.load` + `render`), bootstrap, and re-embedding on the same element.
 */
import type { Step } from '../harness/recorder.ts';
import {
  CREATE_URL,
  DASHBOARD_URL,
  QUICK_CREATE_URL,
  RDL_URL,
  REGION_FILTER,
  REPORT_URL,
  reportConfig,
} from './fixtures.ts';

const rdlConfig = () => reportConfig({ id: 'p-1', embedUrl: RDL_URL });
const visualConfig = () =>
  reportConfig({
    type: 'visual',
    pageName: 'ReportSection1',
    visualName: 'VisualContainer1',
    width: 400,
    height: 300,
  });

export const variantSteps: Step[] = [
  { id: 'rdl.embed', run: (ctx) => ctx.set('rdl', ctx.svc.embed(ctx.el('c-rdl'), rdlConfig())) },
  { id: 'rdl.get-filters', run: (ctx) => ctx.report('rdl').getFilters() },
  { id: 'rdl.get-pages', run: (ctx) => ctx.report('rdl').getPages() },
  { id: 'rdl.get-active-page', run: (ctx) => ctx.report('rdl').getActivePage() },
  { id: 'rdl.print', run: (ctx) => ctx.report('rdl').print() },
  { id: 'rdl.refresh', run: (ctx) => ctx.report('rdl').refresh() },
  { id: 'rdl.set-page', run: (ctx) => ctx.report('rdl').setPage('ReportSection1') },
  { id: 'rdl.remove-filters', run: (ctx) => ctx.report('rdl').removeFilters() },
  { id: 'rdl.set-filters', run: (ctx) => ctx.report('rdl').setFilters([REGION_FILTER]) },
  {
    id: 'rdl.update-filters-is-sent',
    run: (ctx) =>
      ctx.report('rdl').updateFilters(ctx.lib.models.FiltersOperations.Add, [REGION_FILTER]),
  },
  { id: 'rdl.switch-mode-is-sent', run: (ctx) => ctx.report('rdl').switchMode('view') },
  {
    id: 'rdl.update-settings-custom-layout',
    run: (ctx) =>
      ctx.report('rdl').updateSettings({ layoutType: 1, customLayout: { displayOption: 0 } }),
  },
  {
    id: 'rdl.update-settings-plain-is-sent',
    run: (ctx) => ctx.report('rdl').updateSettings({ filterPaneEnabled: false }),
  },
  { id: 'rdl.apply-theme', run: (ctx) => ctx.report('rdl').applyTheme({ themeJson: {} }) },
  { id: 'rdl.is-saved', run: (ctx) => ctx.report('rdl').isSaved() },
  {
    id: 'rdl.add-context-menu-command',
    run: (ctx) => ctx.report('rdl').addContextMenuCommand('c', 'C'),
  },
  { id: 'rdl.bookmarks-get', run: (ctx) => ctx.report('rdl').bookmarksManager.getBookmarks() },
  { id: 'rdl.bookmarks-apply', run: (ctx) => ctx.report('rdl').bookmarksManager.apply('b') },
  {
    id: 'rdl.page-get-visuals',
    run: (ctx) => ctx.report('rdl').page('ReportSection1').getVisuals(),
  },
  {
    id: 'rdl.page-get-filters-is-sent',
    run: (ctx) => ctx.report('rdl').page('ReportSection1').getFilters(),
  },
  { id: 'rdl.set-access-token', run: (ctx) => ctx.report('rdl').setAccessToken('tok-rdl-2') },

  {
    id: 'visual.embed',
    run: (ctx) => ctx.set('v1', ctx.svc.embed(ctx.el('c-v1'), visualConfig())),
  },
  { id: 'visual.get-pages', run: (ctx) => ctx.visual().getPages() },
  { id: 'visual.set-page', run: (ctx) => ctx.visual().setPage('ReportSection2') },
  { id: 'visual.render', run: (ctx) => ctx.visual().render() },
  { id: 'visual.get-visual-descriptor', run: (ctx) => ctx.visual().getVisualDescriptor() },
  {
    id: 'visual.get-visual-descriptor-missing',
    run: (ctx) => {
      ctx.app.once(/^GET \/report\/pages\/ReportSection1\/visuals$/, { statusCode: 200, body: [] });
      return ctx.visual().getVisualDescriptor();
    },
  },
  { id: 'visual.get-filters-visual-level', run: (ctx) => ctx.visual().getFilters() },
  {
    id: 'visual.get-filters-report-level',
    run: (ctx) => ctx.visual().getFilters(ctx.lib.models.FiltersLevel.Report),
  },
  {
    id: 'visual.get-filters-page-level',
    run: (ctx) => ctx.visual().getFilters(ctx.lib.models.FiltersLevel.Page),
  },
  {
    id: 'visual.update-filters-page-level',
    run: (ctx) =>
      ctx
        .visual()
        .updateFilters(
          ctx.lib.models.FiltersOperations.Add,
          [REGION_FILTER],
          ctx.lib.models.FiltersLevel.Page,
        ),
  },
  {
    id: 'visual.update-filters-visual-level',
    run: (ctx) =>
      ctx.visual().updateFilters(ctx.lib.models.FiltersOperations.Replace, [REGION_FILTER]),
  },
  {
    id: 'visual.set-filters-report-level',
    run: (ctx) => ctx.visual().setFilters([REGION_FILTER], ctx.lib.models.FiltersLevel.Report),
  },
  { id: 'visual.remove-filters', run: (ctx) => ctx.visual().removeFilters() },
  {
    id: 'visual.remove-filters-page-level',
    run: (ctx) => ctx.visual().removeFilters(ctx.lib.models.FiltersLevel.Page),
  },
  { id: 'visual.set-access-token', run: (ctx) => ctx.visual().setAccessToken('tok-visual-2') },
  { id: 'visual.reload', run: (ctx) => ctx.visual().reload() },

  {
    id: 'phased.load',
    run: (ctx) => ctx.set('ph', ctx.svc.load(ctx.el('c-phased'), reportConfig({ id: 'r-222' }))),
  },
  { id: 'phased.render', run: (ctx) => ctx.report('ph').render() },
  {
    id: 'phased.dashboard-uses-load',
    run: (ctx) =>
      ctx.set(
        'phd',
        ctx.svc.load(ctx.el('c-phased-dash'), {
          type: 'dashboard',
          embedUrl: DASHBOARD_URL,
          accessToken: 'tok-dash',
        }),
      ),
  },

  {
    id: 'bootstrap.default-url',
    run: (ctx) =>
      ctx.set(
        'bs',
        ctx.svc.bootstrap(ctx.el('c-bootstrap'), { type: 'report', hostname: 'MSIT.powerbi.com ' }),
      ),
  },
  {
    id: 'bootstrap.again-throws',
    run: (ctx) => ctx.svc.bootstrap(ctx.el('c-bootstrap'), { type: 'report' }),
  },
  {
    id: 'bootstrap.then-embed',
    run: (ctx) =>
      ctx.svc.embed(
        ctx.el('c-bootstrap'),
        // No embedUrl: the bootstrap's default URL is kept.
        { type: 'report', id: 'r-333', accessToken: 'tok-bs', tokenType: 1 },
      ),
  },
  {
    id: 'bootstrap.with-url-and-locale',
    run: (ctx) =>
      ctx.set(
        'bs2',
        ctx.svc.bootstrap(ctx.el('c-bootstrap-2'), {
          type: 'dashboard',
          embedUrl: DASHBOARD_URL,
          settings: { localeSettings: { language: 'de', formatLocale: 'de-DE' } },
        }),
      ),
  },
  {
    id: 'bootstrap.auto-auth-throws',
    run: (ctx) =>
      ctx.svc.bootstrap(ctx.el('c-bootstrap-3'), {
        type: 'report',
        embedUrl: `${REPORT_URL}&autoAuth=true`,
      }),
  },

  {
    id: 'reembed.first',
    run: (ctx) => ctx.set('re', ctx.svc.embed(ctx.el('c-reembed'), reportConfig({ id: 'r-444' }))),
  },
  { id: 'reembed.on-loaded', run: (ctx) => ctx.embed('re').on('loaded', ctx.handler('re-loaded')) },
  {
    id: 'reembed.same-type',
    run: (ctx) =>
      ctx.svc.embed(ctx.el('c-reembed'), reportConfig({ id: 'r-444', accessToken: 'tok-re-2' })) ===
      ctx.embed('re'),
  },
  {
    id: 'reembed.event-after-reembed',
    run: (ctx) => ctx.emit('re', (uid) => `/reports/${uid}/events/loaded`, {}),
  },
  {
    id: 'reembed.without-type',
    run: (ctx) =>
      ctx.svc.embed(ctx.el('c-reembed'), reportConfig({ type: undefined, id: 'r-555' })),
  },
  { id: 'reembed.set-access-token', run: (ctx) => ctx.embed('re').setAccessToken('tok-re-3') },
  {
    id: 'reembed.different-type',
    run: (ctx) =>
      ctx.svc.embed(ctx.el('c-reembed'), {
        type: 'dashboard',
        embedUrl: DASHBOARD_URL,
        accessToken: 't',
      }),
  },
  {
    id: 'reembed.create-then-report',
    run: (ctx) =>
      ctx.set(
        'cr-re',
        ctx.svc.createReport(ctx.el('c-create-report'), {
          datasetId: 'ds-9',
          embedUrl: CREATE_URL,
          accessToken: 'tok-create',
        }),
      ),
  },
  {
    id: 'reembed.report-over-create',
    run: (ctx) =>
      ctx.set(
        'cr-re-report',
        ctx.svc.embed(ctx.el('c-create-report'), reportConfig({ id: 'r-666' })),
      ),
  },
  {
    id: 'reembed.report-over-create-on-loaded',
    run: (ctx) => ctx.report('cr-re-report').on('loaded', ctx.handler('over-create-loaded')),
  },
  {
    // The frame keeps the uid of its iframe src, i.e. the Create component's uid.
    id: 'reembed.report-over-create-event',
    run: (ctx) => ctx.emit('cr-re', (uid) => `/reports/${uid}/events/loaded`, {}),
  },
  {
    id: 'reembed.quick-create-then-report',
    run: (ctx) =>
      ctx.set(
        'qc-re',
        ctx.svc.quickCreate(ctx.el('c-quick-report'), {
          accessToken: 'tok-qc',
          embedUrl: QUICK_CREATE_URL,
          datasetCreateConfig: { locale: 'en-US', mashupDocument: 'section Section1;' },
        }),
      ),
  },
  {
    id: 'reembed.report-over-quick-create',
    run: (ctx) => ctx.svc.embed(ctx.el('c-quick-report'), reportConfig({ id: 'r-667' })),
  },

  {
    id: 'mobile.embed',
    run: (ctx) =>
      ctx.set(
        'mob',
        ctx.svc.embed(
          ctx.el('c-mobile'),
          reportConfig({ id: 'r-mob', settings: { layoutType: 2 } }),
        ),
      ),
  },
  {
    id: 'mobile.switch-to-desktop-refused',
    run: (ctx) => ctx.report('mob').switchLayout(ctx.lib.models.LayoutType.Master),
  },
  {
    id: 'mobile.switch-to-landscape',
    run: (ctx) => ctx.report('mob').switchLayout(ctx.lib.models.LayoutType.MobileLandscape),
  },
];
