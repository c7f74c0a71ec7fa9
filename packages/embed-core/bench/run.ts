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
// Rounds differ by ±15 % on a shared machine, more than the libraries differ: 30 paired rounds
// narrow the median ratio to a few per cent where 9 rounds could not tell the two apart.
const ROUNDS = 30;
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
 * Times `N` getPages calls for each subject. Each round rotates the order (O C E, C E O, E O C), so
 * every subject runs first, second and third equally often and none runs twice in a row: a subject
 * that follows itself finds its own code and caches hot, which an alternating order (O C E, E C O)
 * gave the original and the echo but never embed-core. The heap is collected before every
 * measurement so no subject pays for another's garbage. Round 0 is a warm-up.
 */
async function throughput(page: Page, mode: 'sequential' | 'concurrent') {
  const subjects: Subject[] = ['original', 'canopy', 'echo'];
  const runs = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
  const cdp = await page.context().newCDPSession(page);
  for (let round = 0; round <= ROUNDS; round++) {
    const shift = round % subjects.length;
    for (const subject of [...subjects.slice(shift), ...subjects.slice(0, shift)]) {
      const measure = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        return page.evaluate(
          ([l, n, m]) => {
            const b = (
              window as unknown as { bench: Record<string, (...a: unknown[]) => Promise<number>> }
            ).bench;
            return l === 'echo' ? b.echo!(n, m) : b.throughput!(l, n, m);
          },
          [subject, N, mode] as const,
        );
      };
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
  await cdp.detach();
  const original = runs.get('original') ?? [];
  const ours = runs.get('canopy') ?? [];
  // Each round's two measurements were taken seconds apart: their ratio cancels the machine's drift.
  const paired = ours.map((ms, i) => (original[i] ?? NaN) / ms).sort((a, b) => a - b);
  return {
    original: median(original),
    ours: median(ours),
    echo: median(runs.get('echo') ?? []),
    ratio: median(paired),
    quartiles: [paired[Math.floor(paired.length / 4)], paired[Math.floor((paired.length * 3) / 4)]],
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
      const { original, ours, echo, ratio, quartiles } = await throughput(page, mode);
      const [q1, q3] = quartiles.map((q) => fmt(q ?? NaN, 2));
      rows.push([
        `${N} ${mode} getPages`,
        `${fmt(original)} ms`,
        `${fmt(ours)} ms`,
        `${fmt(echo)} ms (bare echo)`,
        `**${fmt(ratio, 2)}× powerbi-client** (rounds' middle half ${q1}–${q3}); ${fmt(ours / echo, 2)}× the echo`,
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

Machine: ${process.platform} ${process.arch}, Node ${process.version}, Chromium (system). Median of ${ROUNDS} rounds after one warm-up round; each round rotates the order of the libraries and the echo, with the heap collected before each measurement.
Host page and frame on different origins (frame at ${FRAME_ORIGIN}, served by request interception); the frame answers every request at once.
Ratios: "× powerbi-client" is the median over the rounds of powerbi-client's time over embed-core's in the same round; above 1.0 means embed-core is faster. "× the echo" is embed-core's median time over a bare postMessage echo's (the floor).

${table}
${lostNote}
${sizeTable}
`;
  console.log(report);
  // The generated tables replace the old ones; the written sections below them ("## …") stay.
  const path = join(root, 'bench/RESULTS.md');
  const previous = existsSync(path) ? await readFile(path, 'utf8') : '';
  const notes = previous.indexOf('\n## ');
  await writeFile(path, notes < 0 ? report : `${report}${previous.slice(notes)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
