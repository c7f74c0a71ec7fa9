import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { PageReport } from './page-report.ts';
import { isRDLEmbed } from '../internal/url.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import { FilterLevel } from './filterable.ts';
import { quietDisposalOf } from '../embeds/quiet-disposal.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A report page. Its methods send requests through the report's frame, with the report's `uid`. */
export class Page extends FilterLevel {
  report: PageReport;
  name: string;
  displayName?: string;
  isActive?: boolean;
  visibility?: models.SectionVisibility;
  defaultSize?: models.ICustomPageSize;
  mobileSize?: models.ICustomPageSize;
  defaultDisplayOption?: models.DisplayOption;
  background?: models.IPageBackground;
  wallpaper?: models.IPageWallpaper;

  constructor(
    report: PageReport,
    name: string,
    displayName?: string,
    isActivePage?: boolean,
    visibility?: models.SectionVisibility,
    defaultSize?: models.ICustomPageSize,
    defaultDisplayOption?: models.DisplayOption,
    mobileSize?: models.ICustomPageSize,
    background?: models.IPageBackground,
    wallpaper?: models.IPageWallpaper,
  ) {
    super();
    this.report = report;
    this.name = name;
    this.displayName = displayName;
    this.isActive = isActivePage;
    this.visibility = visibility;
    this.defaultSize = defaultSize;
    this.mobileSize = mobileSize;
    this.defaultDisplayOption = defaultDisplayOption;
    this.background = background;
    this.wallpaper = wallpaper;
  }

  // Filters: getFilters, updateFilters, removeFilters, setFilters come from FilterLevel.

  // ---------------------------------------------------------------- page actions

  async delete(): Promise<void> {
    return (await this.send<void>('DELETE', '', {})).body;
  }

  setActive(): Promise<IHttpPostMessageResponse<void>> {
    const page = { name: this.name, displayName: null, isActive: true };
    return this.report.sendReportRequest<void>('PUT', '/report/pages/active', page);
  }

  setDisplayName(displayName: string): Promise<IHttpPostMessageResponse<void>> {
    const page: models.IPage = { name: this.name, displayName };
    return this.send<void>('PUT', '/name', page);
  }

  // ---------------------------------------------------------------- visuals (refused for RDL)

  async getVisuals(): Promise<VisualDescriptor[]> {
    const visuals = await this.visualModels();
    return visuals.map((visual) => this.descriptor(visual));
  }

  /** Rejects `'PowerBIEntityNotFound'` when the page has no visual of that name. */
  async getVisualByName(visualName: string): Promise<VisualDescriptor> {
    const visuals = await this.visualModels();
    const visual = visuals.find((v) => v.name === visualName);
    if (!visual) return Promise.reject(models.CommonErrorCodes.NotFound);
    return this.descriptor(visual);
  }

  async getSlicers(): Promise<VisualDescriptor[]> {
    const visuals = await this.visualModels();
    return visuals.filter((visual) => visual.type === 'slicer').map((v) => this.descriptor(v));
  }

  /** Whether the page defines `layoutType`; the URL carries the enum name (e.g. `MobilePortrait`). */
  async hasLayout(layoutType: models.LayoutType): Promise<boolean> {
    if (this.isRDL()) return Promise.reject(messages.rdlNotSupported);
    const layoutName = models.LayoutType[layoutType];
    return (await this.send<boolean>('GET', `/layoutTypes/${layoutName}`)).body;
  }

  async getSmartNarrativeInsights(): Promise<models.ISmartNarratives> {
    if (this.isRDL()) return Promise.reject(messages.rdlNotSupported);
    return (await this.send<models.ISmartNarratives>('GET', '/smartNarrativeInsights')).body;
  }

  // ---------------------------------------------------------------- layout (through the report)

  setVisualDisplayState(
    visualName: string,
    displayState: models.VisualContainerDisplayMode,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.report.setVisualDisplayState(this.name, visualName, displayState);
  }

  moveVisual(
    visualName: string,
    x: number,
    y: number,
    z?: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.report.moveVisual(this.name, visualName, x, y, z);
  }

  resizeVisual(
    visualName: string,
    width: number,
    height: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.report.resizeVisual(this.name, visualName, width, height);
  }

  /** Only the active page can be resized; `isActive` is what this object was created with. */
  async resizePage(
    pageSizeType: models.PageSizeType,
    width?: number,
    height?: number,
  ): Promise<IHttpPostMessageResponse<void>> {
    if (!this.isActive) return Promise.reject(messages.resizeInactivePage);
    return this.report.resizeActivePage(pageSizeType, width, height);
  }

  // ---------------------------------------------------------------- internals

  protected send<T>(method: Method, suffix: string, body?: unknown) {
    return this.report.sendReportRequest<T>(method, `/report/pages/${this.name}${suffix}`, body);
  }

  /** The visual models of this page; refused for RDL reports before anything is sent. */
  private async visualModels(): Promise<models.IVisual[]> {
    if (this.isRDL()) return Promise.reject(messages.rdlNotSupported);
    return (await this.send<models.IVisual[]>('GET', '/visuals')).body;
  }

  private isRDL(): boolean {
    return isRDLEmbed(this.report.config.embedUrl);
  }

  private descriptor(visual: models.IVisual): VisualDescriptor {
    return new VisualDescriptor(
      this,
      visual.name,
      visual.title,
      visual.type,
      visual.layout as models.IVisualLayout,
    );
  }
}

quietDisposalOf(Page);

/** A {@link Page} from the page model the frame sends (`/report/pages`, `/report/addPage`). */
export function pageFromModel(report: PageReport, page: models.IPage): Page {
  return new Page(
    report,
    page.name,
    page.displayName,
    page.isActive,
    page.visibility,
    page.defaultSize,
    page.defaultDisplayOption,
    page.mobileSize,
    page.background,
    page.wallpaper,
  );
}

type VisualMethod = 'GET' | 'POST' | 'PUT';

/**
 * A visual on a report page. Requests go through the page's report frame under
 * `/report/pages/<page>/visuals/<visual>`; none is refused for RDL reports (as in the original).
 */
export class VisualDescriptor extends FilterLevel {
  name: string;
  title: string;
  type: string;
  layout: models.IVisualLayout;
  page: Page;

  constructor(page: Page, name: string, title: string, type: string, layout: models.IVisualLayout) {
    super();
    this.name = name;
    this.title = title;
    this.type = type;
    this.layout = layout;
    this.page = page;
  }

  // Filters: getFilters, updateFilters, removeFilters, setFilters come from FilterLevel.

  // ---------------------------------------------------------------- data and state

  /** Exports the visual's data (the service caps `rows` at 30 000). */
  async exportData(
    exportDataType?: models.ExportDataType,
    rows?: number,
  ): Promise<models.IExportDataResult> {
    const request: models.IExportDataRequest = { rows, exportDataType };
    return (await this.send<models.IExportDataResult>('POST', '/exportData', request)).body;
  }

  /** Slicers only. */
  setSlicerState(state: models.ISlicerState): Promise<IHttpPostMessageResponse<void>> {
    return this.send<void>('PUT', '/slicer', state);
  }

  /** Slicers only. */
  async getSlicerState(): Promise<models.ISlicerState> {
    return (await this.send<models.ISlicerState>('GET', '/slicer')).body;
  }

  async clone(request: models.ICloneVisualRequest = {}): Promise<models.ICloneVisualResponse> {
    return (await this.send<models.ICloneVisualResponse>('POST', '/clone', request)).body;
  }

  sortBy(request: models.ISortByVisualRequest): Promise<IHttpPostMessageResponse<void>> {
    return this.send<void>('PUT', '/sortBy', request);
  }

  async getSmartNarrativeInsights(): Promise<models.ISmartNarratives> {
    return (await this.send<models.ISmartNarratives>('GET', '/smartNarrativeInsights')).body;
  }

  // ---------------------------------------------------------------- layout (through the report)

  moveVisual(x: number, y: number, z?: number): Promise<IHttpPostMessageResponse<void>> {
    return this.page.report.moveVisual(this.page.name, this.name, x, y, z);
  }

  setVisualDisplayState(
    displayState: models.VisualContainerDisplayMode,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.page.report.setVisualDisplayState(this.page.name, this.name, displayState);
  }

  resizeVisual(width: number, height: number): Promise<IHttpPostMessageResponse<void>> {
    return this.page.report.resizeVisual(this.page.name, this.name, width, height);
  }

  protected send<T>(method: VisualMethod, suffix: string, body?: unknown) {
    const url = `/report/pages/${this.page.name}/visuals/${this.name}${suffix}`;
    return this.page.report.sendReportRequest<T>(method, url, body);
  }
}

quietDisposalOf(VisualDescriptor);
