/**
 * The public API both libraries expose, as the scenario uses it: a structural description written
 * from the documented API (docs/embed-core/api-reference.md), not imported from either library. The differential test casts
 * powerbi-client and embed-core to {@link LibModule}, so one script drives both, and a method that
 * embed-core lacks shows up as a step failure rather than a compile error here.
 */
import type * as models from 'powerbi-models';

export type Full = Promise<{ statusCode: number; headers: Record<string, unknown>; body: unknown }>;
/** An event handler; also usable as a plain DOM listener. */
export type Handler = (event: Event) => unknown;
type Config = Record<string, unknown>;

export interface ServiceLike {
  accessToken: string | undefined;
  wpmp: { stop(): void };
  embed(element: HTMLElement, config?: Config): EmbedLike;
  load(element: HTMLElement, config?: Config): EmbedLike;
  bootstrap(element: HTMLElement, config: Config): EmbedLike;
  createReport(element: HTMLElement, config: Config): CreateLike;
  quickCreate(element: HTMLElement, config: Config): CreateLike;
  init(container?: HTMLElement, config?: Config): EmbedLike[];
  get(element: HTMLElement): EmbedLike;
  find(uniqueId: string): EmbedLike | undefined;
  reset(element: HTMLElement): void;
  preload(config: Config, element?: HTMLElement): HTMLIFrameElement;
  setSdkInfo(type: string, version: string): void;
  getNumberOfComponents(): number;
  getSdkSessionId(): string;
  getSDKVersion(): string;
  register(
    type: string,
    factory: (
      service: ServiceLike,
      element: HTMLElement,
      config: Config,
      phasedRender?: boolean,
      isBootstrap?: boolean,
    ) => EmbedLike,
    routerEventUrls: string[],
  ): void;
}

export interface EmbedLike {
  config: Config & { uniqueId?: string; type?: string };
  element: HTMLElement;
  iframe: HTMLIFrameElement | undefined;
  allowedEvents: string[];
  save(): Promise<unknown>;
  saveAs(params: models.ISaveAsParameters): Promise<unknown>;
  getCorrelationId(): Promise<unknown>;
  load(phasedRender?: boolean): Promise<unknown>;
  reload(): Promise<unknown>;
  setAccessToken(token: string): Promise<unknown>;
  on(eventName: string, handler: Handler): void;
  off(eventName: string, handler?: Handler): void;
  create(): Promise<unknown>;
  getId(): string;
  setComponentTitle(title: string | null): void;
  setComponentTabIndex(tabIndex?: number): void;
  removeComponentTabIndex(tabIndex?: number): void;
}

export interface FilterableLike {
  getFilters(): Promise<unknown>;
  updateFilters(operation: models.FiltersOperations, filters?: unknown[]): Full;
  removeFilters(): Full;
  setFilters(filters: unknown[]): Full;
}

export interface ReportLike extends EmbedLike, FilterableLike {
  bookmarksManager: BookmarksManagerLike;
  render(config?: Config): Promise<unknown>;
  addPage(displayName?: string): Promise<PageLike>;
  deletePage(name: string): Promise<unknown>;
  renamePage(name: string, displayName: string): Promise<unknown>;
  getPages(): Promise<PageLike[]>;
  getPageByName(name: string): Promise<PageLike>;
  getActivePage(): Promise<PageLike>;
  page(name: string, displayName?: string, isActive?: boolean, visibility?: number): PageLike;
  print(): Promise<unknown>;
  setPage(name: string): Full;
  updateSettings(settings: models.ISettings): Full;
  switchMode(mode: models.ViewMode | string | number): Promise<unknown>;
  refresh(): Promise<unknown>;
  isSaved(): Promise<boolean>;
  applyTheme(theme: models.IReportTheme): Promise<unknown>;
  resetTheme(): Promise<unknown>;
  getTheme(): Promise<unknown>;
  resetPersistentFilters(): Full;
  savePersistentFilters(): Full;
  arePersistentFiltersApplied(): Promise<unknown>;
  addContextMenuCommand(
    name: string,
    title: string,
    menuTitle?: string,
    location?: models.MenuLocation,
    visualName?: string,
    visualType?: string,
    groupName?: string,
  ): Full;
  addOptionsMenuCommand(
    name: string,
    title: string,
    menuTitle?: string,
    location?: models.MenuLocation,
    visualName?: string,
    visualType?: string,
    groupName?: string,
    icon?: string,
  ): Full;
  removeContextMenuCommand(name: string, menuTitle: string): Full;
  removeOptionsMenuCommand(name: string, menuTitle: string): Full;
  setVisualDisplayState(page: string, visual: string, mode: number): Full;
  resizeVisual(page: string, visual: string, width: number, height: number): Full;
  moveVisual(page: string, visual: string, x: number, y: number, z?: number): Full;
  resizeActivePage(type: models.PageSizeType, width?: number, height?: number): Full;
  switchLayout(layoutType: models.LayoutType): Full;
  getZoom(): Promise<unknown>;
  setZoom(level: number): Promise<unknown>;
  closeAllOverlays(): Promise<unknown>;
  clearSelectedVisuals(clearPopOutState?: boolean): Promise<unknown>;
}

export interface VisualLike extends ReportLike {
  getVisualDescriptor(): Promise<VisualDescriptorLike>;
  getFilters(level?: models.FiltersLevel): Promise<unknown>;
  updateFilters(
    operation: models.FiltersOperations,
    filters?: unknown[],
    level?: models.FiltersLevel,
  ): Full;
  setFilters(filters: unknown[], level?: models.FiltersLevel): Full;
  removeFilters(level?: models.FiltersLevel): Full;
}

export interface PageLike extends FilterableLike {
  name: string;
  isActive?: boolean;
  delete(): Promise<unknown>;
  setActive(): Full;
  setDisplayName(displayName: string): Full;
  getVisuals(): Promise<VisualDescriptorLike[]>;
  getVisualByName(name: string): Promise<VisualDescriptorLike>;
  getSlicers(): Promise<unknown>;
  hasLayout(layoutType: models.LayoutType): Promise<unknown>;
  getSmartNarrativeInsights(): Promise<unknown>;
  setVisualDisplayState(visual: string, mode: number): Full;
  moveVisual(visual: string, x: number, y: number, z?: number): Full;
  resizeVisual(visual: string, width: number, height: number): Full;
  resizePage(type: models.PageSizeType, width?: number, height?: number): Full;
}

export interface VisualDescriptorLike extends FilterableLike {
  name: string;
  exportData(type?: models.ExportDataType, rows?: number): Promise<unknown>;
  setSlicerState(state: unknown): Full;
  getSlicerState(): Promise<unknown>;
  clone(request?: models.ICloneVisualRequest): Promise<unknown>;
  sortBy(request: models.ISortByVisualRequest): Full;
  getSmartNarrativeInsights(): Promise<unknown>;
  moveVisual(x: number, y: number, z?: number): Full;
  setVisualDisplayState(mode: number): Full;
  resizeVisual(width: number, height: number): Full;
}

export interface BookmarksManagerLike {
  getBookmarks(): Promise<unknown>;
  apply(name: string): Full;
  play(mode: models.BookmarksPlayMode): Full;
  capture(options?: models.ICaptureBookmarkOptions): Promise<unknown>;
  applyState(state: string): Full;
}

export interface QnaLike extends EmbedLike {
  setQuestion(question: string): Full;
}

export interface CreateLike extends EmbedLike {
  isSaved(): Promise<boolean>;
}

interface TargetSetters<T> {
  target: unknown;
  withTargetObject(target: unknown): T;
  withColumnTarget(table: string, column: string): T;
  withMeasureTarget(table: string, measure: string): T;
  withHierarchyLevelTarget(table: string, hierarchy: string, level: string): T;
  withColumnAggregation(table: string, column: string, aggregation: string): T;
  withHierarchyLevelAggregationTarget(
    table: string,
    hierarchy: string,
    level: string,
    aggregation: string,
  ): T;
  build(): object;
}

export interface BasicFilterBuilderLike extends TargetSetters<BasicFilterBuilderLike> {
  in(values: Array<string | number | boolean>): BasicFilterBuilderLike;
  notIn(values: Array<string | number | boolean>): BasicFilterBuilderLike;
  all(): BasicFilterBuilderLike;
  requireSingleSelection(flag?: boolean): BasicFilterBuilderLike;
}
export interface AdvancedFilterBuilderLike extends TargetSetters<AdvancedFilterBuilderLike> {
  and(): AdvancedFilterBuilderLike;
  or(): AdvancedFilterBuilderLike;
  addCondition(
    operator: string,
    value?: string | number | boolean | Date,
  ): AdvancedFilterBuilderLike;
}
export interface TopNFilterBuilderLike extends TargetSetters<TopNFilterBuilderLike> {
  top(count: number): TopNFilterBuilderLike;
  bottom(count: number): TopNFilterBuilderLike;
  orderByTarget(target: unknown): TopNFilterBuilderLike;
}
export interface RelativeDateFilterBuilderLike extends TargetSetters<RelativeDateFilterBuilderLike> {
  inLast(count: number, unit: number): RelativeDateFilterBuilderLike;
  inThis(count: number, unit: number): RelativeDateFilterBuilderLike;
  inNext(count: number, unit: number): RelativeDateFilterBuilderLike;
  includeToday(flag: boolean): RelativeDateFilterBuilderLike;
}
export interface RelativeTimeFilterBuilderLike extends TargetSetters<RelativeTimeFilterBuilderLike> {
  inLast(count: number, unit: number): RelativeTimeFilterBuilderLike;
  inThis(count: number, unit: number): RelativeTimeFilterBuilderLike;
  inNext(count: number, unit: number): RelativeTimeFilterBuilderLike;
}

/** What the scenario needs from a library's root namespace. */
export interface LibModule {
  service: {
    Service: new (
      hpmFactory: unknown,
      wpmpFactory: unknown,
      routerFactory: unknown,
      config?: Record<string, unknown>,
    ) => ServiceLike;
  };
  factories: { hpmFactory: unknown; wpmpFactory: unknown; routerFactory: unknown };
  models: typeof models;
  Embed: { allowedEvents: string[] };
  Report: {
    allowedEvents: string[];
    new (
      service: ServiceLike,
      element: HTMLElement,
      config: Record<string, unknown>,
      phasedRender?: boolean,
      isBootstrap?: boolean,
    ): ReportLike;
  };
  Dashboard: { allowedEvents: string[] };
  Tile: { allowedEvents: string[] };
  Qna: { allowedEvents: string[] };
  BasicFilterBuilder: new () => BasicFilterBuilderLike;
  AdvancedFilterBuilder: new () => AdvancedFilterBuilderLike;
  TopNFilterBuilder: new () => TopNFilterBuilderLike;
  RelativeDateFilterBuilder: new () => RelativeDateFilterBuilderLike;
  RelativeTimeFilterBuilder: new () => RelativeTimeFilterBuilderLike;
}
