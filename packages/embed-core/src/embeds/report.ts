import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { ReportEventMap } from '../events.ts';
import { addParamToUrl, findParamInUrl, isRDLEmbed } from '../internal/url.ts';
import { BookmarksManager } from '../objects/bookmarks-manager.ts';
import { Page } from '../objects/page.ts';
import type { Service } from '../service/service.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import { Embed, type IEmbedConfigurationBase } from './embed.ts';
import { registerEventHooksRoute } from './event-hooks-route.ts';

/** An embedded report (also the base of {@link Visual}). */
export class Report<TEvents extends object = ReportEventMap> extends Embed<TEvents> {
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
    service: Service,
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
    if (this.isMobileSettings(config.settings)) {
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

  /** A page object bound to this report (no round trip). */
  page(
    name: string,
    displayName?: string,
    isActive?: boolean,
    visibility?: models.SectionVisibility,
  ): Page {
    return new Page(this as unknown as Report, name, displayName, isActive, visibility);
  }

  /** Whether this report is a paginated (RDL) report, on which most report APIs are refused. */
  protected isRDL(): boolean {
    return isRDLEmbed(this.config.embedUrl);
  }

  /** The original's refusal for RDL reports: a rejection with the plain message string. */
  protected rdlRefusal<T>(): Promise<T> {
    return Promise.reject(messages.rdlNotSupported);
  }

  private isMobileSettings(settings: models.ISettings | undefined): boolean {
    return (
      !!settings &&
      (settings.layoutType === models.LayoutType.MobileLandscape ||
        settings.layoutType === models.LayoutType.MobilePortrait)
    );
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
