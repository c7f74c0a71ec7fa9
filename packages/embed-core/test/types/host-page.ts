/**
 * A host page written against powerbi-client 2.23.1's declarations — typical real-world usage of
 * the service, factories, models, configurations, components, pages, visuals, bookmarks, filter
 * builders and event handlers.
 *
 * It must compile unchanged against both libraries: the package type-check compiles it against
 * '@canopy/embed-core', and test/types/host-page.test.ts compiles the same text with only the
 * import specifier replaced by 'powerbi-client' (proving it is genuine powerbi-client code).
 * Never edit anything but the specifier to make it pass.
 */
import {
  AdvancedFilterBuilder,
  BasicFilterBuilder,
  factories,
  models,
  RelativeDateFilterBuilder,
  RelativeTimeFilterBuilder,
  service,
  TopNFilterBuilder,
  type Dashboard,
  type Embed,
  type IEmbedConfiguration,
  type IReportEmbedConfiguration,
  type IDashboardEmbedConfiguration,
  type IQnaEmbedConfiguration,
  type IVisualEmbedConfiguration,
  type ITileEmbedConfiguration,
  type IReportCreateConfiguration,
  type IQuickCreateConfiguration,
  type IEmbedSettings,
  type IFilterable,
  type Page,
  type Qna,
  type Report,
  type Visual,
  type VisualDescriptor,
} from '@canopy/embed-core';

export const powerbi = new service.Service(
  factories.hpmFactory,
  factories.wpmpFactory,
  factories.routerFactory,
);

const settings: IEmbedSettings = {
  panes: {
    filters: { expanded: false, visible: true },
    pageNavigation: { visible: true, position: models.PageNavigationPosition.Left },
  },
  background: models.BackgroundType.Transparent,
  layoutType: models.LayoutType.Custom,
  customLayout: { displayOption: models.DisplayOption.FitToWidth },
  localeSettings: { language: 'en', formatLocale: 'en-US' },
  bars: { actionBar: { visible: true } },
};

const regionFilter: models.IBasicFilter = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Store', column: 'Region' },
  filterType: models.FilterType.Basic,
  operator: 'In',
  values: ['East', 'West'],
  requireSingleSelection: false,
};

export function reportConfig(embedUrl: string, accessToken: string): IReportEmbedConfiguration {
  return {
    type: 'report',
    id: 'f6bfd646-b718-44dc-a378-b73e6b528204',
    embedUrl,
    accessToken,
    tokenType: models.TokenType.Embed,
    permissions: models.Permissions.All,
    viewMode: models.ViewMode.View,
    pageName: 'ReportSection1',
    filters: [regionFilter],
    settings,
    theme: { themeJson: { name: 'Corporate', dataColors: ['#123456'] } },
  };
}

/** Embeds a report and wires the usual handlers. */
export function embedReport(container: HTMLElement, embedUrl: string, token: string): Report {
  const report = powerbi.embed(container, reportConfig(embedUrl, token)) as Report;

  report.off('loaded');
  report.on('loaded', () => {
    console.log('loaded', report.getId());
  });
  report.on('rendered', function () {
    console.log('rendered');
  });
  report.on('error', (event: service.ICustomEvent<models.IError>) => {
    console.error(event.detail.message, event.detail.detailedMessage);
  });
  report.on<models.ISelection>('dataSelected', (event) => {
    console.log(event.detail.dataPoints.length);
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- typical powerbi-client handler typing
  const pageChanged: service.IEventHandler<any> = (event) => {
    const page: Page = event.detail.newPage;
    console.log(page.name, page.displayName);
  };
  report.on('pageChanged', pageChanged);
  report.off('pageChanged', pageChanged);
  return report;
}

export async function exploreReport(report: Report): Promise<void> {
  const pages: Page[] = await report.getPages();
  const active: Page = await report.getActivePage();
  const visuals: VisualDescriptor[] = await active.getVisuals();
  const slicers = await active.getSlicers();
  console.log(pages.length, visuals.length, slicers.length);

  const chart = visuals.find((v) => v.type === 'barChart');
  if (chart) {
    const result: models.IExportDataResult = await chart.exportData(
      models.ExportDataType.Summarized,
      100,
    );
    console.log(result.data);
    await chart.setSlicerState({ filters: [regionFilter] });
    const state: models.ISlicerState = await chart.getSlicerState();
    console.log(state.filters.length);
    await chart.sortBy({
      orderBy: { table: 'Sales', measure: 'Total' },
      direction: models.SortDirection.Descending,
    });
    await chart.moveVisual(10, 20);
    await chart.resizeVisual(300, 200);
    await chart.setVisualDisplayState(models.VisualContainerDisplayMode.Hidden);
  }

  await report.setPage(pages[1]?.name ?? 'ReportSection1');
  await active.setActive();
  const hasMobile: boolean = await active.hasLayout(models.LayoutType.MobilePortrait);
  console.log(hasMobile);

  const filters: models.IFilter[] = await report.getFilters();
  await report.updateFilters(models.FiltersOperations.Add, [regionFilter]);
  await report.setFilters(filters);
  await report.removeFilters();
  const response = await active.updateFilters(models.FiltersOperations.ReplaceAll, filters);
  console.log(response.statusCode);

  await report.updateSettings({ filterPaneEnabled: false, navContentPaneEnabled: true });
  await report.switchMode(models.ViewMode.Edit);
  await report.switchMode('view');
  await report.applyTheme({ themeJson: { name: 'Dark' } });
  const theme: models.IReportTheme = await report.getTheme();
  console.log(theme);
  await report.resizeActivePage(models.PageSizeType.Custom, 1280, 720);
  await report.switchLayout(models.LayoutType.Master);
  await report.setZoom(1.5);
  const zoom: number = await report.getZoom();
  const saved: boolean = await report.isSaved();
  console.log(zoom, saved);
  await report.addContextMenuCommand(
    'drill',
    'Drill through',
    'Custom',
    models.MenuLocation.Top,
    'VisualContainer1',
    '',
  );
  await report.removeContextMenuCommand('drill', 'Custom');
  await report.print();
  await report.refresh();
  await report.reload();
  await report.save();
  await report.saveAs({ name: 'Copy' });
  await report.setAccessToken('new-token');

  const bookmarks: models.IReportBookmark[] = await report.bookmarksManager.getBookmarks();
  const captured = await report.bookmarksManager.capture({ personalizeVisuals: true });
  await report.bookmarksManager.applyState(captured.state ?? '');
  await report.bookmarksManager.apply(bookmarks[0]?.name ?? 'Bookmark1');
  await report.bookmarksManager.play(models.BookmarksPlayMode.Presentation);

  const newPage: Page = await report.addPage('Forecast');
  await newPage.setDisplayName('Forecast 2025');
  await report.deletePage(newPage.name);
  report.setComponentTitle('Sales report');
  report.setComponentTabIndex(0);
  report.fullscreen();
}

/** Filter builders as documented. */
export function buildFilters(): models.IFilter[] {
  const basic: models.BasicFilter = new BasicFilterBuilder()
    .withColumnTarget('Store', 'Region')
    .in(['East'])
    .requireSingleSelection(true)
    .build();
  const advanced: models.AdvancedFilter = new AdvancedFilterBuilder()
    .withMeasureTarget('Sales', 'Total')
    .and()
    .addCondition('GreaterThan', 100)
    .addCondition('LessThan', 500)
    .build();
  const topN: models.TopNFilter = new TopNFilterBuilder()
    .withColumnTarget('Product', 'Name')
    .top(5)
    .orderByTarget({ table: 'Sales', measure: 'Total' })
    .build();
  const relativeDate: models.RelativeDateFilter = new RelativeDateFilterBuilder()
    .withColumnTarget('Date', 'Day')
    .inLast(7, models.RelativeDateFilterTimeUnit.Days)
    .includeToday(false)
    .build();
  const relativeTime: models.RelativeTimeFilter = new RelativeTimeFilterBuilder()
    .withColumnTarget('Time', 'Stamp')
    .inThis(1, models.RelativeDateFilterTimeUnit.Hours)
    .build();
  return [
    basic.toJSON(),
    advanced.toJSON(),
    topN.toJSON(),
    relativeDate.toJSON(),
    relativeTime.toJSON(),
  ];
}

/** Other component types, phased embedding, bootstrap and teardown. */
export function otherComponents(host: HTMLElement, token: string): Embed[] {
  const dashboardConfig: IDashboardEmbedConfiguration = {
    type: 'dashboard',
    id: 'dashboard-1',
    embedUrl: 'https://app.powerbi.com/dashboardEmbed?dashboardId=dashboard-1',
    accessToken: token,
    tokenType: models.TokenType.Aad,
    pageView: 'fitToWidth',
  };
  const dashboard = powerbi.embed(host, dashboardConfig) as Dashboard;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- typical powerbi-client handler typing
  dashboard.on('tileClicked', (event: service.ICustomEvent<any>) => console.log(event.detail));

  const tileConfig: ITileEmbedConfiguration = {
    type: 'tile',
    id: 'tile-1',
    dashboardId: 'dashboard-1',
    embedUrl: 'https://app.powerbi.com/embed?dashboardId=dashboard-1&tileId=tile-1',
    accessToken: token,
  };
  const qnaConfig: IQnaEmbedConfiguration = {
    type: 'qna',
    embedUrl: 'https://app.powerbi.com/qnaEmbed',
    accessToken: token,
    datasetIds: ['dataset-1'],
    viewMode: models.QnaMode.Interactive,
    question: 'total sales by region',
  };
  const qna = powerbi.embed(host, qnaConfig) as Qna;
  void qna.setQuestion('profit by month');

  const visualConfig: IVisualEmbedConfiguration = {
    type: 'visual',
    id: 'report-1',
    embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=report-1',
    accessToken: token,
    pageName: 'ReportSection1',
    visualName: 'VisualContainer1',
  };
  const visual = powerbi.embed(host, visualConfig) as Visual;
  void visual.getFilters(models.FiltersLevel.Visual);
  void visual.getVisualDescriptor().then((descriptor) => descriptor.getFilters());

  const createConfig: IReportCreateConfiguration = {
    type: 'create',
    datasetId: 'dataset-1',
    embedUrl: 'https://app.powerbi.com/reportEmbed?datasetId=dataset-1',
    accessToken: token,
    tokenType: models.TokenType.Aad,
    eventHooks: { accessTokenProvider: () => Promise.resolve('fresh-token') },
  };
  const created = powerbi.createReport(host, createConfig);
  const quickConfig: IQuickCreateConfiguration = {
    type: 'quickCreate',
    accessToken: token,
    datasetCreateConfig: { locale: 'en-US', mashupDocument: 'section Section1;' },
  };
  const quick = powerbi.quickCreate(host, quickConfig);

  const phased = powerbi.load(host, {
    type: 'report',
    embedUrl: 'https://app.powerbi.com/reportEmbed',
    accessToken: token,
    id: 'r',
  }) as Report;
  void phased.render();
  powerbi.bootstrap(host, { type: 'report', hostname: 'https://app.powerbi.com' });
  powerbi.preload({ type: 'report', embedUrl: 'https://app.powerbi.com/reportEmbed' });

  const generic: IEmbedConfiguration = { type: 'tile', ...tileConfig };
  const tile = powerbi.embed(host, generic);
  const existing: Embed = powerbi.get(host);
  const found: Embed | undefined = powerbi.find(existing.config.uniqueId ?? '');
  console.log(found?.iframe.src, tile.element.id);
  powerbi.reset(host);
  return [dashboard, qna, visual, created, quick, phased, tile];
}

/** Generic code over anything filterable, as apps write it. */
export async function clearAll(targets: IFilterable[]): Promise<void> {
  for (const target of targets) await target.removeFilters();
}
