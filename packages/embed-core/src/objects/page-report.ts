import type * as models from 'powerbi-models';
import type { IEmbedConfigurationBase } from 'powerbi-models';
import type { IHttpPostMessageResponse } from '../transport/message.ts';

/**
 * What pages and visual descriptors need from their report. `Report` implements it; pages depend on
 * this interface rather than the Report module, which creates pages (no import circle).
 */
export interface PageReport {
  config: IEmbedConfigurationBase;
  sendReportRequest<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<IHttpPostMessageResponse<T>>;
  setVisualDisplayState(
    pageName: string,
    visualName: string,
    displayState: models.VisualContainerDisplayMode,
  ): Promise<IHttpPostMessageResponse<void>>;
  resizeVisual(
    pageName: string,
    visualName: string,
    width: number,
    height: number,
  ): Promise<IHttpPostMessageResponse<void>>;
  moveVisual(
    pageName: string,
    visualName: string,
    x: number,
    y: number,
    z?: number,
  ): Promise<IHttpPostMessageResponse<void>>;
  resizeActivePage(
    pageSizeType: models.PageSizeType,
    width?: number,
    height?: number,
  ): Promise<IHttpPostMessageResponse<void>>;
}
