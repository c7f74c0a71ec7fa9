/**
 * Shared types between the emulator's server side (REST, data, query engine) and its frame side
 * (embed pages and the browser script). This file is the contract: both sides import it (frame/ may
 * import nothing else of the server side), and a field added for one side carries a comment saying why.
 */

export interface ColumnRef {
  table: string;
  column: string;
}

export type Aggregation = 'sum' | 'avg' | 'count' | 'min' | 'max' | 'distinctCount';

export interface MeasureRef {
  table: string;
  column: string;
  aggregation: Aggregation;
  alias?: string;
}

export type VisualType =
  | 'card'
  | 'clusteredColumnChart'
  | 'clusteredBarChart'
  | 'lineChart'
  | 'pieChart'
  | 'donutChart'
  | 'tableEx'
  | 'pivotTable'
  | 'slicer';

export interface VisualQuery {
  groupBy?: ColumnRef[];
  /** matrix (pivotTable) column headers */
  columns?: ColumnRef[];
  measures?: MeasureRef[];
  orderBy?: { ref: ColumnRef | MeasureRef; direction: 'asc' | 'desc' }[];
  limit?: number;
}

export interface VisualDefinition {
  name: string;
  title: string;
  type: VisualType;
  layout: { x: number; y: number; z: number; width: number; height: number };
  query: VisualQuery;
  /** slicer only: the column it filters */
  target?: ColumnRef;
  /** Saved visual-level filters (powerbi-models IFilter JSON), restored when the report loads. */
  filters?: object[];
  /** slicer only: the saved selection (the slicer's IFilter JSON), restored when the report loads. */
  slicerFilters?: object[];
}

export interface PageDefinition {
  name: string;
  displayName: string;
  visibility?: 0 | 1;
  width?: number;
  height?: number;
  visuals: VisualDefinition[];
  /** Saved page-level filters (powerbi-models IFilter JSON), restored when the report loads. */
  filters?: object[];
  /**
   * The page's phone layout, shown when the embedder asks for `layoutType: MobilePortrait`: a
   * narrow canvas (`width` × `height` units, scrolled vertically) on which only the visuals named
   * in `visuals` appear, at their own place and size. A page without one is shown fitted to the
   * width instead.
   */
  mobileLayout?: MobileLayoutDefinition;
}

/** Where each visual sits on a page's phone layout (units of the narrow canvas). */
export interface MobileLayoutDefinition {
  width: number;
  height: number;
  visuals: Record<string, { x: number; y: number; width: number; height: number }>;
}

/**
 * Added by E: a bookmark stored in the report definition so the frame can list and apply it.
 * `filters` are powerbi-models IFilter JSON applied at report level; `state` is an opaque string the
 * frame may use for capture/applyState round-trips.
 */
export interface BookmarkDefinition {
  name: string;
  displayName: string;
  pageName?: string;
  filters?: object[];
  state?: string;
}

/** A paginated report parameter. Added by E: `target` says which column the parameter filters. */
export interface ParameterDefinition {
  name: string;
  prompt: string;
  default?: string;
  values?: string[];
  target?: ColumnRef;
}

export interface ReportDefinition {
  id: string;
  name: string;
  datasetId: string;
  reportType: 'PowerBIReport' | 'PaginatedReport';
  pages: PageDefinition[];
  /** paginated reports only */
  parameters?: ParameterDefinition[];
  /** Added by E: optional bookmarks the frame lists through bookmarksManager.getBookmarks(). */
  bookmarks?: BookmarkDefinition[];
  /**
   * Saved report-level filters (powerbi-models IFilter JSON). With the page, visual and slicer
   * fields, what a save stores of the filter pane, as the service saves the report's filter state.
   */
  filters?: object[];
}

export interface DashboardTileDefinition {
  id: string;
  title: string;
  reportId: string;
  pageName: string;
  visualName: string;
  rowSpan: number;
  colSpan: number;
}

/** A tile as the tile and dashboard embeds read it: the tile and the one visual it pins. */
export interface TileView {
  tile: DashboardTileDefinition;
  visual: VisualDefinition;
}

export interface DashboardDefinition {
  id: string;
  displayName: string;
  tiles: DashboardTileDefinition[];
}

export interface QueryRequest extends VisualQuery {
  datasetId: string;
  /** powerbi-models IFilter JSON */
  filters?: object[];
  mode?: 'summarized' | 'underlying';
  /**
   * Added by F: the host's `applicationContextProvider` answer for this query (preQuery event hook),
   * passed along like the service passes it to the data source. The server may log or ignore it.
   */
  applicationContext?: unknown;
}

export type QueryColumnType = 'string' | 'number' | 'date';

export interface QueryResult {
  columns: { name: string; type: QueryColumnType }[];
  rows: (string | number | null)[][];
  /**
   * Set when a result cap cut the rows (100,000 rows, 1,000,000 values, 15 MB, or the mode's own
   * cap), with the service's wording: "More than N rows in a query result".
   */
  truncated?: string;
}

/** GET /_emulator/datasets/:datasetId/schema. `measures` added by E (named measures, for Top N targets). */
export interface DatasetSchema {
  tables: {
    name: string;
    columns: { name: string; dataType: string }[];
    measures?: { name: string; expression: string }[];
  }[];
}

/** POST /_emulator/qna answer. */
export interface QnaAnswer {
  visual: VisualDefinition;
  normalizedQuestion: string;
}

/** POST /_emulator/reports body (saveAs / create). */
export interface SaveReportRequest {
  name: string;
  datasetId: string;
  definition?: ReportDefinition;
  sourceReportId?: string;
  groupId?: string;
}

/** Error body of the /_emulator internal API. */
export interface InternalErrorBody {
  error: { code: InternalErrorCode; message: string };
}

export type InternalErrorCode =
  | 'TokenExpired'
  | 'InvalidToken'
  | 'PowerBINotAuthorizedException'
  | 'PowerBIEntityNotFound'
  | 'BadRequest';
