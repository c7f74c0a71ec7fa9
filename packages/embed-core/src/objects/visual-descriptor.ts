import * as models from 'powerbi-models';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import type { IFilterable } from './filterable.ts';
import type { Page } from './page.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * A visual on a report page. Requests go through the page's report frame under
 * `/report/pages/<page>/visuals/<visual>`; none is refused for RDL reports (as in the original).
 */
export class VisualDescriptor implements IFilterable {
  name: string;
  title: string;
  type: string;
  layout: models.IVisualLayout;
  page: Page;

  constructor(page: Page, name: string, title: string, type: string, layout: models.IVisualLayout) {
    this.name = name;
    this.title = title;
    this.type = type;
    this.layout = layout;
    this.page = page;
  }

  // ---------------------------------------------------------------- filters

  async getFilters(): Promise<models.IFilter[]> {
    return (await this.send<models.IFilter[]>('GET', '/filters')).body;
  }

  updateFilters(
    operation: models.FiltersOperations,
    filters?: models.IFilter[],
  ): Promise<IHttpPostMessageResponse<void>> {
    const request = { filtersOperation: operation, filters };
    return this.send<void>('POST', '/filters', request);
  }

  removeFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.updateFilters(models.FiltersOperations.RemoveAll);
  }

  setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    return this.send<void>('PUT', '/filters', filters);
  }

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

  private send<T>(method: Method, suffix: string, body?: unknown) {
    const url = `/report/pages/${this.page.name}/visuals/${this.name}${suffix}`;
    return this.page.report.sendReportRequest<T>(method, url, body);
  }
}
