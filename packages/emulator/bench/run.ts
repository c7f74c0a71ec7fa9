import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchBrowser, type BrowserResult } from './browser-bench.ts';
import { ms } from './measure.ts';
import { benchServer, type ServerResult } from './server-bench.ts';

/**
 * `pnpm bench`: data generation and per-visual query times at 100,000 and 1,000,000 rows, plus the
 * browser load→rendered measurement when available. Prints tables and writes bench/RESULTS.md.
 * Target (issue 4): a 4-visual page renders in under 300 ms over 1,000,000 rows.
 */
const sizes = process.argv.includes('--quick') ? [100_000] : [100_000, 1_000_000];

const server: ServerResult[] = [];
const browser: (BrowserResult | undefined)[] = [];
for (const rows of sizes) {
  console.log(`benchmarking ${rows.toLocaleString('en-US')} rows…`);
  server.push(await benchServer(rows));
  browser.push(await benchBrowser(rows));
}

const table = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

const generation = table(
  ['rows', 'generation (DuckDB, in-memory)'],
  server.map((s) => [s.rows.toLocaleString('en-US'), ms(s.generationMs)]),
);
const perVisual = table(
  ['rows', 'page', 'visual', 'type', 'SQL median', 'SQL p95', 'HTTP median', 'HTTP p95'],
  server.flatMap((s) =>
    s.visuals.map((v) => [
      s.rows.toLocaleString('en-US'),
      v.page,
      v.visual,
      v.type,
      ms(v.engine.median),
      ms(v.engine.p95),
      ms(v.http.median),
      ms(v.http.p95),
    ]),
  ),
);
const page = table(
  [
    'rows',
    'Overview data (4 parallel queries) median',
    'p95',
    'with Region + relative date filters median',
    'p95',
  ],
  server.map((s) => [
    s.rows.toLocaleString('en-US'),
    ms(s.overviewPage.median),
    ms(s.overviewPage.p95),
    ms(s.overviewFiltered.median),
    ms(s.overviewFiltered.p95),
  ]),
);
const browserTable = table(
  ['rows', 'load → rendered (Chromium, 4-visual page)'],
  sizes.map((rows, i) => {
    const result = browser[i];
    return [
      rows.toLocaleString('en-US'),
      result ? `${ms(result.loadToRenderedMs)} (median of ${result.runs})` : 'not measured yet',
    ];
  }),
);

const output = `# @canopy/emulator benchmarks

Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.
Medians and p95 of 15 runs after 3 warm-up runs. Target: a 4-visual page in under 300 ms over 1,000,000 rows.

## Data generation

${generation}

## Query time per visual (Sales Overview report, pages 1 and 2)

SQL = the engine alone (DuckDB, bound parameters); HTTP = POST /_emulator/query on loopback with token
check, JSON parse, SQL build and serialisation.

${perVisual}

## Data for the whole 4-visual page

${page}

## Load → rendered in the browser

${browserTable}
`;

console.log(`\n${generation}\n\n${perVisual}\n\n${page}\n\n${browserTable}\n`);
writeFileSync(new URL('./RESULTS.md', import.meta.url), output);
console.log('wrote bench/RESULTS.md');
