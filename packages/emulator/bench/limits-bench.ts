import { loadavg } from 'node:os';
import { startEmulator } from '../src/index.ts';
import { summarize, type Timing } from './measure.ts';

/**
 * Cost of hostile queries once the limits hold: a stream of the worst queries the issue measured
 * (before the limits: 20,000-value NotIn 5–6 s and +1.1 GB; 2,000 measures 3–4 s; 5,000 measures by
 * a key crashed the process), each answered fast, while the process's peak RSS stays put. Also the
 * p50/p99 of ordinary visual queries sent at a fixed rate.
 */
export interface LimitsResult {
  rows: number;
  cases: { name: string; status: number; timing: Timing; peakRssMb: number }[];
  rssBeforeMb: number;
  peakRssMb: number;
  steady: { rate: number; seconds: number; timing: Timing; statuses: Record<number, number> };
  /** 1-minute load average when the run ended: the cores are shared, so this says how busy. */
  loadAverage: number;
}

const col = (column: string) => ({ table: 'Sales', column });
const sum = (column: string) => ({ ...col(column), aggregation: 'sum' });
const names = (n: number) => Array.from({ length: n }, (_, i) => `Nobody ${i}`);

const worstCases: { name: string; body: object | string }[] = [
  {
    name: 'NotIn with 20,000 values (refused: 10,000 max)',
    body: {
      groupBy: [col('Region')],
      measures: [sum('Amount')],
      filters: [
        { filterType: 1, target: col('Customer'), operator: 'NotIn', values: names(20_000) },
      ],
    },
  },
  {
    name: 'NotIn with 10,000 values (runs, one list parameter)',
    body: {
      groupBy: [col('Region')],
      measures: [sum('Amount')],
      filters: [
        { filterType: 1, target: col('Customer'), operator: 'NotIn', values: names(10_000) },
      ],
    },
  },
  {
    name: '2,000 measures (refused: 100 fields max)',
    body: { groupBy: [col('Region')], measures: Array.from({ length: 2000 }, () => sum('Amount')) },
  },
  {
    name: '5,000 measures grouped by OrderId (refused)',
    body: {
      groupBy: [col('OrderId')],
      measures: Array.from({ length: 5000 }, () => sum('Amount')),
    },
  },
  {
    name: '99 fields grouped by OrderId (over the engine memory: refused)',
    body: {
      groupBy: [col('OrderId')],
      measures: Array.from({ length: 98 }, () => sum('Amount')),
    },
  },
  {
    name: '20 fields grouped by OrderId (runs, cut at 30,000 rows)',
    body: {
      groupBy: [col('OrderId')],
      measures: Array.from({ length: 19 }, () => sum('Amount')),
    },
  },
  {
    name: 'underlying rows of the whole table (runs, cut at 100,000 rows)',
    body: {
      groupBy: [col('OrderId'), col('Customer')],
      measures: [sum('Amount')],
      mode: 'underlying',
    },
  },
  {
    name: '5,000-deep JSON body (refused at parse)',
    body: '['.repeat(5000) + ']'.repeat(5000),
  },
];

const overview = [
  { measures: [sum('Amount')] },
  { groupBy: [col('Category')], measures: [sum('Amount')] },
  { groupBy: [col('Month')], measures: [sum('Amount')] },
  { groupBy: [col('Region')], measures: [sum('Amount')] },
];

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

export async function benchLimits(rows: number, runs = 10): Promise<LimitsResult> {
  // The rate limit is off here: this measures the cost of queries, not the quota.
  const emulator = await startEmulator({ rows, queriesPerMinute: 1_000_000 });
  try {
    const { token } = emulator.mintToken();
    const url = `${emulator.url}/_emulator/query?reportId=${emulator.sample.salesReportId}`;
    const post = async (body: object | string) => {
      const text =
        typeof body === 'string'
          ? body
          : JSON.stringify({ datasetId: emulator.sample.datasetId, ...body });
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `EmbedToken ${token}`, 'content-type': 'application/json' },
        body: text,
      });
      await response.arrayBuffer();
      return response.status;
    };
    for (const body of overview) await post(body);
    const rssBeforeMb = rssMb();
    // The emulator runs in this process: sample its RSS while the hostile stream runs.
    let peakRssMb = rssBeforeMb;
    let casePeak = 0;
    const sampler = setInterval(() => {
      const now = rssMb();
      peakRssMb = Math.max(peakRssMb, now);
      casePeak = Math.max(casePeak, now);
    }, 5);
    const cases: LimitsResult['cases'] = [];
    for (const { name, body } of worstCases) {
      const samples: number[] = [];
      let status = 0;
      casePeak = rssMb();
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        status = await post(body);
        samples.push(performance.now() - started);
      }
      cases.push({
        name,
        status,
        timing: summarize(samples),
        peakRssMb: Math.max(casePeak, rssMb()),
      });
    }
    clearInterval(sampler);
    peakRssMb = Math.max(peakRssMb, rssMb());

    // Ordinary visual queries at a fixed rate, while nothing else runs.
    const rate = 40;
    const seconds = 10;
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    const pending: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; i < rate * seconds; i += 1) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      pending.push(
        post(overview[i % overview.length] ?? {}).then((status) => {
          latencies.push(performance.now() - sent);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }),
      );
    }
    await Promise.all(pending);
    return {
      rows,
      cases,
      rssBeforeMb,
      peakRssMb,
      steady: { rate, seconds, timing: summarize(latencies), statuses },
      loadAverage: loadavg()[0] ?? 0,
    };
  } finally {
    await emulator.close();
  }
}
