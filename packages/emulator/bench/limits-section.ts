import type { LimitsResult } from './limits-bench.ts';
import { cpus } from 'node:os';
import { ms } from './measure.ts';

/** Where the limits section starts and ends in RESULTS.md (so it can be re-measured alone). */
export const limitsMarker = {
  start: '<!-- limits section: bench/limits-bench.ts -->',
  end: '<!-- end of limits section -->',
};

/** The RESULTS.md section of the limits benchmark. */
export function limitsSection(result: LimitsResult): string {
  const rows = result.cases.map(
    (c) =>
      `| ${c.name} | ${c.status} | ${ms(c.timing.median)} | ${ms(c.timing.p99)} | ${c.peakRssMb.toFixed(0)} MB |`,
  );
  const { steady } = result;
  const statuses = Object.entries(steady.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  return `${limitsMarker.start}
## Limits: hostile queries and steady load (${result.rows.toLocaleString('en-US')} rows)

Each worst case from issue 15 sent ${result.cases[0]?.timing.runs ?? 0} times in a row to
\`POST /_emulator/query\` (rate limit off for the run). Before the limits (commit 5d42975, same
machine, 1,000,000 rows, measured once while other work shared the cores) a 20,000-value NotIn took
13.0 s and grew the process by 400 MB, 2,000 measures took 11.3 s and grew it by 850 MB, and 5,000
measures grouped by OrderId crashed it (JavaScript heap out of memory). Process RSS (emulator
in-process) before the stream:
${result.rssBeforeMb.toFixed(0)} MB, peak during it: ${result.peakRssMb.toFixed(0)} MB.

| worst case | status | median | p99 | process RSS after the case |
|---|---|---|---|---|
${rows.join('\n')}

Ordinary visual queries (the 4 Overview visuals in turn) at a fixed ${steady.rate} requests/s for
${steady.seconds} s: p50 ${ms(steady.timing.median)}, p95 ${ms(steady.timing.p95)}, p99 ${ms(steady.timing.p99)} (${statuses}).
Load average (1 min) at the end of the run: ${result.loadAverage.toFixed(1)} on ${cpus().length} cores.
${limitsMarker.end}`;
}
