import type { EffectiveIdentity } from '../auth/claims.ts';
import type {
  PageDefinition,
  QueryResult,
  ReportDefinition,
  VisualDefinition,
  VisualQuery,
  VisualType,
} from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import type { SemanticModel } from '../data/semantic-model.ts';
import { badRequest } from '../errors.ts';
import { runQuery } from '../query/run-query.ts';

/**
 * What an exported file shows: the report's pages with each visual's data, computed by the query
 * engine the embedded report uses, under the export's RLS identity and filters. The PDF and PPTX
 * writers only lay this out.
 */
export interface ReportSnapshot {
  title: string;
  /** When the export finished, on the emulator's clock. */
  exportedAt: Date;
  /** The effective identity's username when row-level security applied. */
  username?: string;
  /** BCP 47 locale numbers are formatted in (settings.locale; en-US by default). */
  locale: string;
  pages: PageSnapshot[];
}

export interface PageSnapshot {
  name: string;
  displayName: string;
  width: number;
  height: number;
  visuals: VisualSnapshot[];
}

export interface VisualSnapshot {
  name: string;
  title: string;
  type: VisualType;
  layout: { x: number; y: number; width: number; height: number };
  result: QueryResult;
  /** Set when the visual has more rows than an export carries (`result` holds the first ones). */
  capped?: true;
}

/** The pages (and optionally the single visual of each) an export asked for. */
export interface PageSelection {
  pageName: string;
  visualName?: string;
}

/** Rows a visual contributes to an exported file at most: a file shows what fits, not a data dump. */
const exportRowCap = 500;

/**
 * The pages an export covers: the named ones in the order given, otherwise every visible page
 * (hidden pages too with includeHiddenPages), as the service does. Unknown names are a 400.
 */
export function selectPages(
  definition: ReportDefinition,
  selection: PageSelection[] | undefined,
  includeHiddenPages: boolean,
): { page: PageDefinition; visuals: VisualDefinition[] }[] {
  if (!selection || selection.length === 0) {
    return definition.pages
      .filter((page) => includeHiddenPages || page.visibility !== 1)
      .map((page) => ({ page, visuals: page.visuals }));
  }
  return selection.map(({ pageName, visualName }) => {
    const page = definition.pages.find((candidate) => candidate.name === pageName);
    if (!page) throw badRequest(`Page ${pageName} does not exist in the report`, 'pages');
    if (visualName === undefined) return { page, visuals: page.visuals };
    const visual = page.visuals.find((candidate) => candidate.name === visualName);
    if (!visual) {
      throw badRequest(`Visual ${visualName} does not exist on page ${pageName}`, 'pages');
    }
    return { page, visuals: [visual] };
  });
}

/** A paginated report's parameters as filters (the given value, else the parameter's default). */
export function parameterFilters(
  definition: ReportDefinition,
  values: { name: string; value: string }[],
): object[] {
  return (definition.parameters ?? []).flatMap((parameter) => {
    const value = values.find((p) => p.name === parameter.name)?.value ?? parameter.default;
    return parameter.target && value !== undefined
      ? [
          {
            $schema: 'http://powerbi.com/product/schema#basic',
            target: parameter.target,
            filterType: 1,
            operator: 'In',
            values: [value],
          },
        ]
      : [];
  });
}

/** The query a visual runs: slicers list their column's values, matrices group by rows then columns. */
export function exportQuery(visual: VisualDefinition): VisualQuery {
  if (visual.type === 'slicer' && visual.target) {
    return {
      groupBy: [visual.target],
      measures: [],
      orderBy: [{ ref: visual.target, direction: 'asc' }],
    };
  }
  const query: VisualQuery = { ...visual.query };
  if (visual.type === 'pivotTable') {
    query.groupBy = [...(visual.query.groupBy ?? []), ...(visual.query.columns ?? [])];
    delete query.columns;
  }
  // One row over the cap tells whether rows were left out.
  query.limit = Math.min(query.limit ?? exportRowCap + 1, exportRowCap + 1);
  return query;
}

export interface SnapshotRequest {
  definition: ReportDefinition;
  model: SemanticModel;
  pages: { page: PageDefinition; visuals: VisualDefinition[] }[];
  identity: EffectiveIdentity | undefined;
  /** Export-level filters (reportLevelFilters, a paginated report's parameters, a bookmark's). */
  filters: object[];
  exportedAt: Date;
  locale: string;
}

/**
 * Runs every selected visual's query. Filters stack as in the embedded report: the report's saved
 * filters, the page's, the visual's, the saved selections of the page's other slicers, then the
 * export's own. Queries run one after another: exports are background work and must not crowd out
 * interactive queries.
 */
export async function snapshotReport(
  context: EmulatorContext,
  request: SnapshotRequest,
): Promise<ReportSnapshot> {
  const { definition } = request;
  const pages: PageSnapshot[] = [];
  for (const { page, visuals } of request.pages) {
    const snapshots: VisualSnapshot[] = [];
    for (const visual of visuals) {
      const slicers = page.visuals
        .filter((other) => other.type === 'slicer' && other.name !== visual.name)
        .flatMap((other) => other.slicerFilters ?? []);
      const filters = [
        ...(definition.filters ?? []),
        ...(page.filters ?? []),
        ...(visual.filters ?? []),
        ...slicers,
        ...request.filters,
      ];
      const full = await runQuery(
        context,
        request.model,
        { datasetId: definition.datasetId, ...exportQuery(visual), filters },
        request.identity,
      );
      const capped = full.rows.length > exportRowCap;
      const result = capped ? { ...full, rows: full.rows.slice(0, exportRowCap) } : full;
      const { x, y, width, height } = visual.layout;
      snapshots.push({
        name: visual.name,
        title: visual.title,
        type: visual.type,
        layout: { x, y, width, height },
        result,
        ...(capped ? { capped: true as const } : {}),
      });
    }
    pages.push({
      name: page.name,
      displayName: page.displayName,
      // A page without a size (a paginated report's body) is as large as its visuals reach.
      width: page.width ?? Math.max(1280, ...visuals.map((v) => v.layout.x + v.layout.width)),
      height: page.height ?? Math.max(720, ...visuals.map((v) => v.layout.y + v.layout.height)),
      visuals: snapshots,
    });
  }
  return {
    title: definition.name,
    exportedAt: request.exportedAt,
    ...(request.identity ? { username: request.identity.username } : {}),
    locale: request.locale,
    pages,
  };
}
