import { startEmulator, type QueryRequest, type ReportDefinition } from '../src/index.ts';
import { buildQuery } from '../src/query/build-query.ts';
import { time, type Timing } from './measure.ts';

export interface ServerResult {
  rows: number;
  generationMs: number;
  /** Per visual of the 4-visual Overview page: engine time (SQL only) and HTTP time (/_emulator/query). */
  visuals: { page: string; visual: string; type: string; engine: Timing; http: Timing }[];
  /** All 4 Overview visuals requested in parallel over HTTP, as the frame does on load. */
  overviewPage: Timing;
  /** The Overview page with a Region filter and a relative date filter applied. */
  overviewFiltered: Timing;
}

const filters = [
  {
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table: 'Sales', column: 'Region' },
    filterType: 1,
    operator: 'In',
    values: ['Europe', 'Asia'],
  },
  {
    $schema: 'http://powerbi.com/product/schema#relativeDate',
    target: { table: 'Sales', column: 'OrderDate' },
    filterType: 4,
    operator: 0,
    timeUnitsCount: 12,
    timeUnitType: 4,
    includeToday: true,
  },
];

/** Generation time and query times of the sample report's visuals at a given row count. */
export async function benchServer(rows: number): Promise<ServerResult> {
  // Measures query speed: the per-user rate limit would turn the repeated runs into 429s.
  const emulator = await startEmulator({ rows, queriesPerMinute: 1_000_000 });
  try {
    const { context, sample } = emulator;
    const { token } = emulator.mintToken();
    const report = context.registry.reports.get(sample.salesReportId)
      ?.definition as ReportDefinition;
    const model = context.registry.datasets.get(sample.datasetId)?.model;
    if (!model) throw new Error('sample dataset missing');
    const url = `${emulator.url}/_emulator/query?reportId=${sample.salesReportId}`;
    const post = async (body: QueryRequest) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `EmbedToken ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`query failed: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const visuals: ServerResult['visuals'] = [];
    for (const page of report.pages.slice(0, 2)) {
      for (const visual of page.visuals) {
        const request: QueryRequest = { datasetId: sample.datasetId, ...visual.query };
        const built = buildQuery(
          {
            model,
            table: context.table,
            today: context.config.today,
            now: `${context.config.today} 18:00`,
            identity: undefined,
          },
          request,
        );
        const engine = await time(() => context.database.query(built.sql, built.params.values));
        const http = await time(() => post(request));
        visuals.push({
          page: page.displayName,
          visual: visual.name,
          type: visual.type,
          engine,
          http,
        });
      }
    }
    const overview = report.pages[0]?.visuals ?? [];
    const overviewPage = await time(() =>
      Promise.all(overview.map((v) => post({ datasetId: sample.datasetId, ...v.query }))),
    );
    const overviewFiltered = await time(() =>
      Promise.all(overview.map((v) => post({ datasetId: sample.datasetId, ...v.query, filters }))),
    );
    return { rows, generationMs: context.generationMs, visuals, overviewPage, overviewFiltered };
  } finally {
    await emulator.close();
  }
}
