import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { Page } from '../objects/page.ts';
import { VisualDescriptor } from '../objects/visual-descriptor.ts';
import type { IEmbedService } from './embed-service.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import type { IEmbedConfigurationBase } from './embed.ts';
import { Report } from './report.ts';
import { quietDisposalOf } from './quiet-disposal.ts';

/**
 * A single report visual embedded on its own: a report whose custom layout hides everything but
 * `config.visualName` on `config.pageName`. Page navigation and phased rendering are not available.
 */
export class Visual extends Report {
  static type = 'visual';
  static GetPagesNotSupportedError: string = messages.visualGetPagesNotSupported;
  static SetPageNotSupportedError: string = messages.visualSetPageNotSupported;
  static RenderNotSupportedError: string = messages.visualRenderNotSupported;

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    baseConfig: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
    iframe?: HTMLIFrameElement,
  ) {
    super(service, element, baseConfig, phasedRender, isBootstrap, iframe);
  }

  /**
   * Checks `pageName`/`visualName` (throwing synchronously, as the original) and overwrites the
   * layout settings so only the visual shows, then sends the usual report load.
   */
  override load(phasedRender?: boolean): Promise<void> {
    const config = this.config as models.IVisualEmbedConfiguration;
    // Deliberate difference: without a token (bootstrap) the original returned a bare `undefined`;
    // a resolved promise keeps `visual.load().then(...)` and the frame-load handler safe.
    if (!config.accessToken) return Promise.resolve();
    if (typeof config.pageName !== 'string' || config.pageName.length === 0) {
      throw new Error(messages.visualPageNameRequired);
    }
    if (typeof config.visualName !== 'string' || config.visualName.length === 0) {
      throw new Error(messages.visualNameRequired);
    }
    const width = config.width ? config.width : this.iframe.offsetWidth;
    const height = config.height ? config.height : this.iframe.offsetHeight;
    const pageSize: models.ICustomPageSize = { type: models.PageSizeType.Custom, width, height };
    const pagesLayout: models.PagesLayout = {
      [config.pageName]: {
        defaultLayout: { displayState: { mode: models.VisualContainerDisplayMode.Hidden } },
        visualsLayout: {
          [config.visualName]: {
            displayState: { mode: models.VisualContainerDisplayMode.Visible },
            x: 1,
            y: 1,
            z: 1,
            width,
            height,
          },
        },
      },
    };
    // Mutated in place (not replaced) so the caller's other settings keep their key order on the wire.
    // Any custom layout the caller gave is overwritten, as in the original.
    const settings = (config.settings = config.settings || {});
    settings.filterPaneEnabled = false;
    settings.navContentPaneEnabled = false;
    settings.layoutType = models.LayoutType.Custom;
    settings.customLayout = {
      displayOption: models.DisplayOption.FitToPage,
      pageSize,
      pagesLayout,
    };
    return super.load(phasedRender);
  }

  /** Throws synchronously (not a rejection), as the original. */
  override getPages(): Promise<Page[]> {
    throw Visual.GetPagesNotSupportedError;
  }

  /** Throws synchronously (not a rejection), as the original. */
  override setPage(_pageName: string): Promise<IHttpPostMessageResponse<void>> {
    throw Visual.SetPageNotSupportedError;
  }

  override async render(
    _config?: models.IReportLoadConfiguration | models.IReportEmbedConfiguration,
  ): Promise<void> {
    return Promise.reject(Visual.RenderNotSupportedError);
  }

  /** The descriptor of the embedded visual, looked up on its page. */
  async getVisualDescriptor(): Promise<VisualDescriptor> {
    const config = this.config as models.IVisualEmbedConfiguration;
    const url = `/report/pages/${config.pageName}/visuals`;
    const visuals = (await this.request<models.IVisual[]>('GET', url)).body;
    const visual = visuals.find((v) => v.name === config.visualName);
    if (!visual) {
      // Deliberate difference: the original built this IError and then lost it, rejecting `undefined`.
      const notFound: models.IError = {
        message: 'visualNotFound',
        detailedMessage: 'Visual not found',
      };
      return Promise.reject(notFound);
    }
    return new VisualDescriptor(
      this.page(config.pageName as string),
      visual.name,
      visual.title,
      visual.type,
      visual.layout as models.IVisualLayout,
    );
  }

  /** Filters of the visual (default), its page or the whole report; no RDL check. */
  override async getFilters(filtersLevel?: models.FiltersLevel): Promise<models.IFilter[]> {
    return (await this.request<models.IFilter[]>('GET', this.filtersUrl(filtersLevel))).body;
  }

  override updateFilters(
    operation: models.FiltersOperations,
    filters?: models.IFilter[],
    filtersLevel?: models.FiltersLevel,
  ): Promise<IHttpPostMessageResponse<void>> {
    const request = { filtersOperation: operation, filters };
    return this.request<void>('POST', this.filtersUrl(filtersLevel), request);
  }

  override setFilters(
    filters: models.IFilter[],
    filtersLevel?: models.FiltersLevel,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.request<void>('PUT', this.filtersUrl(filtersLevel), filters);
  }

  override removeFilters(
    filtersLevel?: models.FiltersLevel,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.updateFilters(models.FiltersOperations.RemoveAll, undefined, filtersLevel);
  }

  private filtersUrl(filtersLevel: models.FiltersLevel | undefined): string {
    const config = this.config as models.IVisualEmbedConfiguration;
    switch (filtersLevel) {
      case models.FiltersLevel.Report:
        return '/report/filters';
      case models.FiltersLevel.Page:
        return `/report/pages/${config.pageName}/filters`;
      default:
        return `/report/pages/${config.pageName}/visuals/${config.visualName}/filters`;
    }
  }
}

quietDisposalOf(Visual);
