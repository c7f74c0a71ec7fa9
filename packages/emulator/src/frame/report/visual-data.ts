import type { QueryRequest, QueryResult, VisualDefinition } from '../../contract.ts';
import { ApiError, type EmulatorApi } from '../api-client.ts';
import type { Filter } from './filters.ts';

/** What a data query needs from its embed. */
export interface DataContext {
  api: EmulatorApi;
  datasetId: string;
  reportId?: string;
  /** The preQuery event hook, when the host registered an application context provider. */
  preQuery?: (info: { visual: string; page?: string }) => Promise<unknown>;
  /** Called when the server says the token expired mid-session. */
  onTokenExpired: () => void;
}

/** The query a visual runs: slicers list their column's values, matrices group by rows and columns. */
export function visualQuery(visual: VisualDefinition): Omit<QueryRequest, 'datasetId'> {
  if (visual.type === 'slicer' && visual.target) {
    return {
      groupBy: [visual.target],
      measures: [],
      orderBy: [{ ref: visual.target, direction: 'asc' }],
    };
  }
  if (visual.type === 'pivotTable') {
    return {
      ...visual.query,
      groupBy: [...(visual.query.groupBy ?? []), ...(visual.query.columns ?? [])],
      columns: undefined,
    };
  }
  return { ...visual.query };
}

export async function queryVisual(
  context: DataContext,
  visual: VisualDefinition,
  filters: Filter[],
  options: { page?: string; mode?: 'summarized' | 'underlying'; limit?: number } = {},
): Promise<QueryResult> {
  const request: QueryRequest = {
    ...visualQuery(visual),
    datasetId: context.datasetId,
    filters,
    mode: options.mode,
  };
  if (options.limit !== undefined) request.limit = options.limit;
  if (context.preQuery) {
    request.applicationContext = await context.preQuery({
      visual: visual.name,
      page: options.page,
    });
  }
  try {
    return await context.api.query(request, context.reportId, visual.name);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'TokenExpired') context.onTokenExpired();
    throw error;
  }
}

/** CSV the way an export gives it: a header row, quoted fields when needed, CRLF line ends. */
export function toCsv(result: QueryResult): string {
  const cell = (value: string | number | null) => {
    if (value === null) return '';
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [result.columns.map((c) => cell(c.name)).join(',')];
  for (const row of result.rows) lines.push(row.map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
