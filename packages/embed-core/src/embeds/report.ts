import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { ReportEventMap } from '../events.ts';
import { addParamToUrl, findParamInUrl, isRDLEmbed } from '../internal/url.ts';
import { BookmarksManager } from '../objects/bookmarks-manager.ts';
import { Page, pageFromModel } from '../objects/page.ts';
import type { IFilterable } from '../objects/filterable.ts';
import type { IEmbedService } from './embed-service.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import { Embed, type IEmbedConfigurationBase } from './embed.ts';
import { registerEventHooksRoute } from './event-hooks-route.ts';
import { noFrameError } from './frame-request.ts';
import {
  isMobileLayout,
  pageSizeSettings,
  viewModeSegment,
  visualLayoutSettings,
} from './report-layout.ts';
import {
  buildMenuCommand,
  extensionsAfterUpdate,
  withoutMenuEntry,
  type MenuExtensionPoint,
} from './report-menu-commands.ts';
import { quietDisposalOf } from './quiet-disposal.ts';

/** An embedded report (also the base of {@link Visual}). */
export class Report<TEvents extends object = ReportEventMap>
  extends Embed<TEvents>
  implements IFilterable
{
  static allowedEvents = [
    'filtersApplied',
    'pageChanged',
    'commandTriggered',
    'swipeStart',
    'swipeEnd',
    'bookmarkApplied',
    'dataHyperlinkClicked',
    'visualRendered',
    'visualClicked',
    'selectionChanged',
    'renderingStarted',
    'blur',
  ];
  static reportIdAttribute = 'powerbi-report-id';
  static filterPaneEnabledAttribute = 'powerbi-settings-filter-pane-enabled';
  static navContentPaneEnabledAttribute = 'powerbi-settings-nav-content-pane-enabled';
  static typeAttribute = 'powerbi-type';
  static type = 'Report';

  bookmarksManager: BookmarksManager;

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    baseConfig: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
    iframe?: HTMLIFrameElement,
  ) {
    super(service, element, baseConfig, iframe, phasedRender, isBootstrap);
    this.loadPath = '/report/load';
    this.phasedLoadPath = '/report/prepare';
    this.allowedEvents.push(...Report.allowedEvents);
    // Like the original, the bookmarks manager is built from the caller's config and this iframe.
    this.bookmarksManager = new BookmarksManager(
      service,
      baseConfig,
      this.iframe,
      () => this.config.uniqueId,
    );
    registerEventHooksRoute(this, {
      preQuery: () => this.eventHooks?.applicationContextProvider,
      newAccessToken: () => this.eventHooks?.accessTokenProvider,
    });
  }

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findParamInUrl(url, 'reportId');
  }

  getId(): string {
    const config = this.config as models.IReportEmbedConfiguration;
    const id =
      config.id ||
      this.element.getAttribute(Report.reportIdAttribute) ||
      Report.findIdFromEmbedUrl(config.embedUrl as string);
    if (typeof id !== 'string' || id.length === 0) throw new Error(messages.reportIdRequired);
    return id;
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return isRDLEmbed(this.config.embedUrl)
      ? models.validatePaginatedReportLoad(config)
      : models.validateReportLoad(config);
  }

  configChanged(isBootstrap: boolean): void {
    const config = this.config as models.IReportEmbedConfiguration;
    if (isMobileLayout(config.settings?.layoutType)) {
      config.embedUrl = addParamToUrl(config.embedUrl as string, 'isMobile', 'true');
    }
    const filterPaneEnabledAttribute = this.element.getAttribute(Report.filterPaneEnabledAttribute);
    const navContentPaneEnabledAttribute = this.element.getAttribute(
      Report.navContentPaneEnabledAttribute,
    );
    const elementSettings: models.ISettings = {
      filterPaneEnabled:
        filterPaneEnabledAttribute == null ? undefined : filterPaneEnabledAttribute !== 'false',
      navContentPaneEnabled:
        navContentPaneEnabledAttribute == null
          ? undefined
          : navContentPaneEnabledAttribute !== 'false',
    };
    config.settings = { ...elementSettings, ...config.settings };
    if (isBootstrap) return;
    config.id = this.getId();
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'reportEmbed';
  }

  // ---------------------------------------------------------------- rendering and pages

  /** Renders a report prepared by a phased load (`service.load`). */
  async render(
    config?: models.IReportLoadConfiguration | models.IReportEmbedConfiguration,
  ): Promise<void> {
    return (await this.request<void>('POST', '/report/render', config)).body;
  }

  async addPage(displayName?: string): Promise<Page> {
    const request = { displayName };
    const page = (await this.request<models.IPage>('POST', '/report/addPage', request)).body;
    // Fewer fields than getPages, as in the original: a new page has no mobile size or background yet.
    const { mobileSize: _m, background: _b, wallpaper: _w, ...created } = page;
    return pageFromModel(this, created);
  }

  async deletePage(pageName: string): Promise<void> {
    return (await this.request<void>('DELETE', `/report/pages/${pageName}`, {})).body;
  }

  async renamePage(pageName: string, displayName: string): Promise<void> {
    const page: models.IPage = { name: pageName, displayName };
    return (await this.request<void>('PUT', `/report/pages/${pageName}/name`, page)).body;
  }

  async getPages(): Promise<Page[]> {
    const pages = await this.pageModels();
    return pages.map((page) => pageFromModel(this as unknown as Report, page));
  }

  async getPageByName(pageName: string): Promise<Page> {
    const pages = await this.pageModels();
    const page = pages.find((p) => p.name === pageName);
    if (!page) return Promise.reject(models.CommonErrorCodes.NotFound);
    return pageFromModel(this, page);
  }

  async getActivePage(): Promise<Page> {
    const pages = await this.pageModels();
    const activePage = pages.find((page) => page.isActive);
    // Deliberate difference: the original rejected with `undefined` (a TypeError swallowed by its catch).
    if (!activePage) return Promise.reject(models.CommonErrorCodes.NotFound);
    return pageFromModel(this, activePage);
  }

  /** A page object bound to this report (no round trip). */
  page(
    name: string,
    displayName?: string,
    isActive?: boolean,
    visibility?: models.SectionVisibility,
  ): Page {
    return new Page(this, name, displayName, isActive, visibility);
  }

  async setPage(pageName: string): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL()) return this.rdlRefusal();
    const page = { name: pageName, displayName: null, isActive: true };
    return this.request<void>('PUT', '/report/pages/active', page);
  }

  // ---------------------------------------------------------------- filters

  async getFilters(): Promise<models.IFilter[]> {
    if (this.isRDL()) return this.rdlRefusal();
    return (await this.request<models.IFilter[]>('GET', '/report/filters')).body;
  }

  /** Not refused for RDL reports, unlike its siblings: the original has no check here. */
  updateFilters(
    operation: models.FiltersOperations,
    filters?: models.IFilter[],
  ): Promise<IHttpPostMessageResponse<void>> {
    const request = { filtersOperation: operation, filters };
    return this.request<void>('POST', '/report/filters', request);
  }

  async removeFilters(): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL()) return this.rdlRefusal();
    return this.updateFilters(models.FiltersOperations.RemoveAll);
  }

  async setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL()) return this.rdlRefusal();
    return this.request<void>('PUT', '/report/filters', filters);
  }

  resetPersistentFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.request<void>('DELETE', '/report/userState', null);
  }

  savePersistentFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.request<void>('POST', '/report/userState', null);
  }

  async arePersistentFiltersApplied(): Promise<boolean> {
    return (await this.request<boolean>('GET', '/report/isUserStateApplied')).body;
  }

  // ---------------------------------------------------------------- report actions

  async print(): Promise<void> {
    if (this.isRDL()) return this.rdlRefusal();
    return (await this.request<void>('POST', '/report/print', null)).body;
  }

  async refresh(): Promise<void> {
    if (this.isRDL()) return this.rdlRefusal();
    return (await this.request<void>('POST', '/report/refresh', null)).body;
  }

  async switchMode(viewMode: models.ViewMode | string): Promise<void> {
    const url = `/report/switchMode/${viewModeSegment(viewMode)}`;
    return (await this.request<void>('POST', url, null)).body;
  }

  /** `true` when the report has no unsaved changes. */
  async isSaved(): Promise<boolean> {
    if (this.isRDL()) return this.rdlRefusal();
    return !(await this.request<boolean>('GET', '/report/hasUnsavedChanges')).body;
  }

  async applyTheme(theme: models.IReportTheme): Promise<void> {
    if (this.isRDL()) return this.rdlRefusal();
    return (await this.request<void>('PUT', '/report/theme', theme)).body;
  }

  async resetTheme(): Promise<void> {
    if (this.isRDL()) return this.rdlRefusal();
    return (await this.request<void>('PUT', '/report/theme', {})).body;
  }

  async getTheme(): Promise<models.IReportTheme> {
    if (this.isRDL()) return this.rdlRefusal();
    return (await this.request<models.IReportTheme>('GET', '/report/theme')).body;
  }

  async getZoom(): Promise<number> {
    return (await this.request<number>('GET', '/report/zoom')).body;
  }

  /** Resolves `undefined`; the service validates the level (0.25–4) and answers 400 outside it. */
  async setZoom(zoomLevel: number): Promise<void> {
    await this.updateSettings({ zoomLevel });
  }

  /** Closes open context menus and tooltips. A failure rejects with the whole response, as in the original. */
  async closeAllOverlays(): Promise<void> {
    if (this.isRDL()) return this.rdlRefusal();
    return this.postKeepingFailureEnvelope('/report/closeAllOverlays');
  }

  /** Clears visual selections; a failure rejects with the whole response, as in the original. */
  async clearSelectedVisuals(clearPopOutState?: boolean): Promise<void> {
    const popOut = clearPopOutState === true;
    if (this.isRDL()) return this.rdlRefusal();
    return this.postKeepingFailureEnvelope(`/report/clearSelectedVisuals/${String(popOut)}`);
  }

  // ---------------------------------------------------------------- settings and layout

  /**
   * Patches the live settings. Refused for RDL reports only when a custom layout is given. After
   * success the menu commands and groups known to this report follow `settings.extensions`, so
   * later add/remove command calls start from what the service now shows.
   */
  async updateSettings(settings: models.ISettings): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL() && settings.customLayout != null) return this.rdlRefusal();
    const response = await this.request<void>('PATCH', '/report/settings', settings);
    const next = extensionsAfterUpdate(settings, this.commands, this.groups);
    this.commands = next.commands;
    this.groups = next.groups;
    return response;
  }

  async setVisualDisplayState(
    pageName: string,
    visualName: string,
    displayState: models.VisualContainerDisplayMode,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.layoutVisual(pageName, visualName, { displayState: { mode: displayState } });
  }

  async resizeVisual(
    pageName: string,
    visualName: string,
    width: number,
    height: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.layoutVisual(pageName, visualName, { width, height });
  }

  async moveVisual(
    pageName: string,
    visualName: string,
    x: number,
    y: number,
    z?: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.layoutVisual(pageName, visualName, { x, y, z });
  }

  resizeActivePage(
    pageSizeType: models.PageSizeType,
    width?: number,
    height?: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.updateSettings(pageSizeSettings(pageSizeType, width, height));
  }

  /** Switches between layouts of the same family; mobile ↔ desktop needs a fresh embed. */
  async switchLayout(layoutType: models.LayoutType): Promise<IHttpPostMessageResponse<void>> {
    if (isMobileLayout(this.initialLayoutType) !== isMobileLayout(layoutType)) {
      throw messages.layoutSwitchNotSupported;
    }
    const response = await this.updateSettings({ layoutType });
    this.initialLayoutType = layoutType;
    return response;
  }

  // ---------------------------------------------------------------- menu commands

  async addContextMenuCommand(
    commandName: string,
    commandTitle: string,
    contextMenuTitle: string = commandTitle,
    menuLocation: models.MenuLocation = models.MenuLocation.Bottom,
    visualName?: string,
    visualType?: string,
    groupName?: string,
  ): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL()) return this.rdlRefusal();
    const command = buildMenuCommand({
      point: 'visualContextMenu',
      name: commandName,
      title: commandTitle,
      menuTitle: contextMenuTitle,
      menuLocation,
      visualName,
      visualType,
      groupName,
    });
    return this.updateCommands([...this.commands, command]);
  }

  async addOptionsMenuCommand(
    commandName: string,
    commandTitle: string,
    optionsMenuTitle: string = commandTitle,
    menuLocation: models.MenuLocation = models.MenuLocation.Bottom,
    visualName?: string,
    visualType?: string,
    groupName?: string,
    commandIcon?: string,
  ): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL()) return this.rdlRefusal();
    const command = buildMenuCommand({
      point: 'visualOptionsMenu',
      name: commandName,
      title: commandTitle,
      menuTitle: optionsMenuTitle,
      menuLocation,
      visualName,
      visualType,
      groupName,
      icon: commandIcon,
    });
    return this.updateCommands([...this.commands, command]);
  }

  /** Removes the context-menu entry of a command; rejects `'PowerBIEntityNotFound'` when there is none. */
  async removeContextMenuCommand(
    commandName: string,
    contextMenuTitle: string,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.removeMenuEntry('visualContextMenu', commandName, contextMenuTitle);
  }

  /** Removes the options-menu entry (and icon) of a command; rejects `'PowerBIEntityNotFound'` when there is none. */
  async removeOptionsMenuCommand(
    commandName: string,
    optionsMenuTitle: string,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.removeMenuEntry('visualOptionsMenu', commandName, optionsMenuTitle);
  }

  // ---------------------------------------------------------------- internals

  /** The page models of `GET /report/pages`; refused for RDL reports before anything is sent. */
  private async pageModels(): Promise<models.IPage[]> {
    if (this.isRDL()) return this.rdlRefusal();
    return (await this.request<models.IPage[]>('GET', '/report/pages')).body;
  }

  private async removeMenuEntry(
    point: MenuExtensionPoint,
    commandName: string,
    menuTitle: string,
  ): Promise<IHttpPostMessageResponse<void>> {
    if (this.isRDL()) return this.rdlRefusal();
    const commands = withoutMenuEntry(this.commands, point, commandName, menuTitle);
    if (!commands) throw models.CommonErrorCodes.NotFound;
    return this.updateCommands(commands);
  }

  private updateCommands(
    commands: models.ICommandExtension[],
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.updateSettings({ extensions: { commands, groups: this.groups } });
  }

  /**
   * Looks the page and the visual up (two GETs; either rejects on not found, RDL or a frame error
   * before anything changes), then patches a custom layout for that one visual.
   */
  private async layoutVisual(
    pageName: string,
    visualName: string,
    layout: models.IVisualLayout,
  ): Promise<IHttpPostMessageResponse<void>> {
    const page = await this.getPageByName(pageName);
    await page.getVisualByName(visualName);
    return this.updateSettings(visualLayoutSettings(pageName, visualName, layout));
  }

  /**
   * POSTs with this report's uid and rejects with the whole response envelope on failure: the
   * original's closeAllOverlays/clearSelectedVisuals skip the usual unwrapping to the body.
   */
  private async postKeepingFailureEnvelope(url: string): Promise<void> {
    const target = this.iframe?.contentWindow;
    if (!target) throw noFrameError('POST', url);
    const headers = { uid: this.config.uniqueId };
    return (await this.service.hpm.post<void>(url, null, headers, target)).body;
  }

  /** Whether this report is a paginated (RDL) report, on which most report APIs are refused. */
  protected isRDL(): boolean {
    return isRDLEmbed(this.config.embedUrl);
  }

  /** The original's refusal for RDL reports: a rejection with the plain message string. */
  protected rdlRefusal<T>(): Promise<T> {
    return Promise.reject(messages.rdlNotSupported);
  }

  /** Helper for subclasses and objects: a request with this report's `uid`. */
  sendReportRequest<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<IHttpPostMessageResponse<T>> {
    return this.request<T>(method, url, body);
  }
}

quietDisposalOf(Report);
