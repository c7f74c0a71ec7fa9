/**
 * embed-core benchmarks (`pnpm bench`), side by side with powerbi-client 2.23.1 in one Chromium page
 * against the same immediately-answering frame. Prints a table and writes bench/RESULTS.md.
 * Not part of the test gate: figures depend on the machine.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import type { Page } from 'playwright-core';
import { launchChromium } from '@canopy/test-utils';
import { FRAME_HTML, FRAME_ORIGIN, HOST_ORIGIN, hostHtml } from './pages.ts';
import { fileSize, vitePageSize, type SizeRow } from './sizes.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const ROUNDS = 9;
const N = 1000;
const CYCLES = 500;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function scripts() {
  const original = await readFile(require.resolve('powerbi-client/dist/powerbi.js'), 'utf8');
  const ours = await esbuild({
    entryPoints: [join(root, 'src/script-tag.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2018',
  });
  const client = await readFile(join(root, 'bench/bench-client.js'), 'utf8');
  return { original, ours: ours.outputFiles[0]?.text ?? '', client };
}

async function openPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await launchChromium();
  const page = await browser.newPage();
  const { original, ours, client } = await scripts();
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const js = (body: string) => route.fulfill({ body, contentType: 'text/javascript' });
    if (url.origin === FRAME_ORIGIN)
      return route.fulfill({ body: FRAME_HTML, contentType: 'text/html' });
    if (url.pathname === '/powerbi-client.js') return js(original);
    if (url.pathname === '/embed-core.js') return js(ours);
    if (url.pathname === '/bench-client.js') return js(client);
    return route.fulfill({ body: hostHtml(), contentType: 'text/html' });
  });
  await page.goto(`${HOST_ORIGIN}/`);
  await page.waitForFunction(() => !!(window as unknown as { bench?: unknown }).bench);
  return { page, close: () => browser.close() };
}

type Lib = 'original' | 'canopy';

type Subject = Lib | 'echo';

/**
 * Times `N` getPages calls for each subject. Rounds alternate between the subjects so that drift on
 * a busy machine (GC, other processes) biases none of them; round 0 is a warm-up.
 */
async function throughput(page: Page, mode: 'sequential' | 'concurrent') {
  const subjects: Subject[] = ['original', 'canopy', 'echo'];
  const runs = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
  for (let round = 0; round <= ROUNDS; round++) {
    for (const subject of round % 2 ? [...subjects].reverse() : subjects) {
      const measure = () =>
        page.evaluate(
          ([l, n, m]) => {
            const b = (
              window as unknown as { bench: Record<string, (...a: unknown[]) => Promise<number>> }
            ).bench;
            return l === 'echo' ? b.echo!(n, m) : b.throughput!(l, n, m);
          },
          [subject, N, mode] as const,
        );
      let ms = await measure();
      while (ms < 0) {
        // A request that never settled (the original's id collision): measure the round again.
        lost.set(subject, (lost.get(subject) ?? 0) + 1);
        console.error(`${mode} round ${round}/${ROUNDS} ${subject}: a request never settled`);
        ms = await measure();
      }
      if (round > 0) runs.get(subject)?.push(ms);
      // Progress on stderr: on a busy machine a full run takes minutes.
      console.error(`${mode} round ${round}/${ROUNDS} ${subject}: ${fmt(ms)} ms`);
    }
  }
  return {
    original: median(runs.get('original') ?? []),
    ours: median(runs.get('canopy') ?? []),
    echo: median(runs.get('echo') ?? []),
  };
}

/** Rounds measured again because one of their requests never settled, per subject. */
const lost = new Map<Subject, number>();

async function embedToLoad(page: Page, lib: Lib) {
  const runs: number[] = [];
  for (let i = 0; i < 7; i++) {
    runs.push(
      await page.evaluate(
        (l) =>
          (
            window as unknown as { bench: { embedToLoad(l: string): Promise<number> } }
          ).bench.embedToLoad(l),
        lib,
      ),
    );
  }
  return median(runs);
}

async function cycles(lib: Lib) {
  const { page, close } = await openPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const windowListeners = async () => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
        objectId: result.objectId as string,
      });
      return listeners.length;
    };
    const run = (n: number) =>
      page.evaluate(
        ([l, count]) =>
          (
            window as unknown as {
              bench: {
                cycles(l: string, n: number): Promise<{ iframes: number; routes: number | null }>;
              };
            }
          ).bench.cycles(l, count),
        [lib, n] as const,
      );
    await run(10); // warm-up: code paths compiled, caches filled
    const heapBefore = await heap();
    const listenersBefore = await windowListeners();
    const after = await run(CYCLES);
    const heapAfter = await heap();
    const listenersAfter = await windowListeners();
    return {
      heapGrowthKb: (heapAfter - heapBefore) / 1024,
      listenersBefore,
      listenersAfter,
      ...after,
    };
  } finally {
    await close();
  }
}

async function main() {
  if (!existsSync(join(root, 'dist/powerbi.min.js'))) {
    execFileSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const { page, close } = await openPage();
  const rows: string[][] = [];
  try {
    for (const mode of ['sequential', 'concurrent'] as const) {
      const { original, ours, echo } = await throughput(page, mode);
      rows.push([
        `${N} ${mode} getPages`,
        `${fmt(original)} ms`,
        `${fmt(ours)} ms`,
        `${fmt(echo)} ms (bare echo)`,
        `${fmt(original / ours, 2)}× powerbi-client; ${fmt(ours / echo, 2)}× the echo`,
      ]);
    }
    const loadOriginal = await embedToLoad(page, 'original');
    const loadOurs = await embedToLoad(page, 'canopy');
    rows.push([
      'embed() → load message received',
      `${fmt(loadOriginal)} ms`,
      `${fmt(loadOurs)} ms`,
      '',
      '',
    ]);
  } finally {
    await close();
  }

  console.error('embed/reset cycles…');
  const cyclesOriginal = await cycles('original');
  const cyclesOurs = await cycles('canopy');
  rows.push([
    `heap growth after ${CYCLES} embed/reset cycles`,
    `${fmt(cyclesOriginal.heapGrowthKb)} KB`,
    `${fmt(cyclesOurs.heapGrowthKb)} KB`,
    '',
    '',
  ]);
  rows.push([
    `window listeners before → after ${CYCLES} cycles`,
    `${cyclesOriginal.listenersBefore} → ${cyclesOriginal.listenersAfter}`,
    `${cyclesOurs.listenersBefore} → ${cyclesOurs.listenersAfter}`,
    '',
    `router routes left (ours): ${cyclesOurs.routes}`,
  ]);

  const sizes: SizeRow[] = [
    await fileSize(
      'powerbi-client dist/powerbi.min.js',
      require.resolve('powerbi-client/dist/powerbi.min.js'),
    ),
    await fileSize('embed-core dist/powerbi.min.js', join(root, 'dist/powerbi.min.js')),
    await vitePageSize('Vite ESM page, powerbi-client', 'powerbi-client', root),
    await vitePageSize('Vite ESM page, embed-core', '@canopy/embed-core', root),
  ];

  const header = ['measure', 'powerbi-client 2.23.1', '@canopy/embed-core', 'floor', 'ratio'];
  const table = [header, ['---', '---', '---', '---', '---'], ...rows]
    .map((r) => `| ${r.join(' | ')} |`)
    .join('\n');
  const sizeTable = [
    '| artefact | raw bytes | gzip -9 bytes |',
    '| --- | --- | --- |',
    ...sizes.map(
      (s) =>
        `| ${s.what} | ${s.rawBytes.toLocaleString('en')} | ${s.gzipBytes.toLocaleString('en')} |`,
    ),
  ].join('\n');
  const lostRounds = [...lost].map(([subject, count]) => `${subject} ${count}`).join(', ');
  const lostNote = lostRounds
    ? `\nRounds measured again because one of 1,000 concurrent requests never settled: ${lostRounds}.\n`
    : '';
  const report = `# embed-core benchmark results

Machine: ${process.platform} ${process.arch}, Node ${process.version}, Chromium (system). Median of ${ROUNDS} rounds after one warm-up round; rounds alternate between the libraries and the echo.
Host page and frame on different origins (frame at ${FRAME_ORIGIN}, served by request interception); the frame answers every request at once.
Ratios: "× powerbi-client" above 1.0 means embed-core is faster; "× the echo" is embed-core's time over a bare postMessage echo (the floor).

${table}
${lostNote}
${sizeTable}
`;
  console.log(report);
  await writeFile(join(root, 'bench/RESULTS.md'), report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
