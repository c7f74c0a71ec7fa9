import type * as models from 'powerbi-models';
import type { Page } from './objects/page.ts';

/** A DOM `CustomEvent` whose `detail` is the event's payload. */
export interface ICustomEvent<T> extends CustomEvent {
  detail: T;
}

export type IEventHandler<T> = (event: ICustomEvent<T>) => unknown;

/** An event as routed from the frame, before it becomes a DOM event on the container. */
export interface IEvent<T> {
  type: string;
  id: string;
  name: string;
  value: T;
}

/** `pageChanged`: `newPage` is a live {@link Page} bound to the report. */
export interface IPageChangedEvent {
  newPage: Page;
  oldPage?: models.IPage;
}

export interface IFiltersAppliedEvent {
  filters?: models.IFilter[];
  [key: string]: unknown;
}

export interface IBookmarkAppliedEvent {
  bookmarkName?: string;
  [key: string]: unknown;
}

export interface ICommandTriggeredEvent {
  command: string;
  visual?: models.IVisual;
  page?: models.IPage;
  dataPoints?: unknown[];
  [key: string]: unknown;
}

export interface IVisualRenderedEvent {
  name?: string;
  [key: string]: unknown;
}

export interface ISaveAsTriggeredEvent {
  saveAs?: boolean;
  [key: string]: unknown;
}

/** Events every embed type may subscribe to. Payloads are what the frame sends. */
export interface EmbedEventMap {
  loaded: undefined;
  saved: { reportObjectId?: string; reportName?: string; saveAs?: boolean; [key: string]: unknown };
  rendered: undefined;
  saveAsTriggered: ISaveAsTriggeredEvent;
  error: models.IError;
  dataSelected: models.ISelection;
  buttonClicked: { id?: string; title?: string; type?: string; [key: string]: unknown };
  info: unknown;
}

export interface ReportEventMap extends EmbedEventMap {
  filtersApplied: IFiltersAppliedEvent;
  pageChanged: IPageChangedEvent;
  commandTriggered: ICommandTriggeredEvent;
  swipeStart: models.ISwipeEvent;
  swipeEnd: models.ISwipeEvent;
  bookmarkApplied: IBookmarkAppliedEvent;
  dataHyperlinkClicked: { url?: string; [key: string]: unknown };
  visualRendered: IVisualRenderedEvent;
  visualClicked: { visual?: models.IVisual; page?: models.IPage; [key: string]: unknown };
  selectionChanged: models.ISelection;
  renderingStarted: undefined;
  blur: undefined;
}

export interface DashboardEventMap extends EmbedEventMap {
  tileClicked: { tileId?: string; [key: string]: unknown };
}

export interface TileEventMap extends EmbedEventMap {
  tileClicked: { tileId?: string; [key: string]: unknown };
  tileLoaded: unknown;
}

export interface QnaEventMap extends EmbedEventMap {
  visualRendered: models.IQnaVisualRenderedEvent;
}
