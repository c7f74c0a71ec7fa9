import { launchChromium, startStaticServer } from '@canopy/test-utils';
import type { Frame, Page } from 'playwright-core';
import { startEmulator } from '../src/index.ts';
import { bundleEmbedCore } from '../test/browser/support/host-page.ts';
import { benchHostPageHtml } from './bench-host-page.ts';
import { summarize, type Timing } from './measure.ts';

/**
 * Load → rendered in a real browser: embed-core's script-tag build on a host page (localhost) embeds
 * the Sales Overview page (4 visuals) from an in-process emulator (127.0.0.1) in Chromium.
 *
 * Two clocks: the host's (embed()/reload() called → `rendered` event dispatched on the container,
 * postMessage hops included) and the frame's own User Timing measure (`/report/load` received →
 * `rendered` posted, see src/frame/perf-marks.ts). The cold run is the first embed of a fresh page
 * (iframe creation, frame script parse, first queries); warm runs reload the same report.
 */
export interface BrowserResult {
  rows: number;
  /** The very first embed after the emulator started (host clock, frame clock). */
  firstCold: { hostMs: number; frameMs: number };
  /** Embeds in fresh pages (the first included). */
  coldHost: Timing;
  coldFrame: Timing;
  /** report.reload() → rendered, host clock. */
  warmHost: Timing;
  /** /report/load received → rendered posted, frame clock. */
  warmFrame: Timing;
  /** report.setFilters([Region In …]) → rendered, host clock. */
  filterHost: Timing;
  /** Per visual over the warm runs: fetch round trip in the frame, and the engine time (Server-Timing). */
  visuals: { visual: string; frame: Timing; server: Timing }[];
}

interface BenchWindow {
  bench: {
    embed(config: object): void;
    reload(): Promise<void>;
    setFilters(filters: object[]): Promise<void>;
    waitRendered(count: number, timeout: number): Promise<number>;
  };
}

const COLD_RUNS = 5;
const WARMUP = 2;
const RUNS = 10;
/** embed-core ignores a load less than 100 ms after the previous one (as the original does). */
const LOAD_THROTTLE_GAP_MS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The frame's load measure and its query requests (Resource Timing), then clears the latter. */
async function frameTimings(frame: Frame) {
  return frame.evaluate(() => {
    const load = performance.getEntriesByName('canopy:load-to-rendered')[0];
    const queries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.name.includes('/_emulator/query?'))
      .map((entry) => ({
        visual: new URL(entry.name).searchParams.get('visual') ?? '?',
        ms: entry.responseEnd - entry.startTime,
        serverMs: entry.serverTiming.find((metric) => metric.name === 'sql')?.duration,
      }));
    performance.clearResourceTimings();
    return { loadMs: load?.duration, queries };
  });
}

function reportFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/reportEmbed'));
  if (!frame) throw new Error('the report frame is missing');
  return frame;
}

export async function benchBrowser(rows: number): Promise<BrowserResult> {
  const [emulator, bundle] = await Promise.all([
    startEmulator({ rows, prebuildFrame: true, queriesPerMinute: 1_000_000 }),
    bundleEmbedCore(),
  ]);
  const host = await startStaticServer(
    {
      '/host.html': { body: benchHostPageHtml(emulator.origin) },
      '/powerbi.js': { body: bundle, type: 'text/javascript' },
    },
    'localhost',
  );
  const browser = await launchChromium();
  try {
    const config = {
      type: 'report',
      id: emulator.sample.salesReportId,
      embedUrl: emulator.sampleEmbedUrl,
      accessToken: emulator.mintToken().token,
      tokenType: 1,
    };
    const waitRendered = (page: Page, count: number) =>
      page.evaluate(
        (count) => (window as unknown as BenchWindow).bench.waitRendered(count, 60_000),
        count,
      );

    // Cold: a fresh page embeds the report. The first one also meets cold server caches and an
    // empty browser cache; later ones are "a new visitor on a running service".
    const coldHost: number[] = [];
    const coldFrame: number[] = [];
    let previous: Page | undefined;
    for (let run = 0; run < COLD_RUNS; run += 1) {
      await previous?.close();
      const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await fresh.goto(host.url('/host.html'));
      await fresh.evaluate(
        (config) => (window as unknown as BenchWindow).bench.embed(config),
        config,
      );
      coldHost.push(await waitRendered(fresh, 1));
      coldFrame.push((await frameTimings(reportFrame(fresh))).loadMs ?? Number.NaN);
      previous = fresh;
    }
    if (!previous) throw new Error('no page was opened');
    const page = previous;

    const warmHost: number[] = [];
    const warmFrame: number[] = [];
    const perVisual = new Map<string, { frame: number[]; server: number[] }>();
    let rendered = 1;
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      await sleep(LOAD_THROTTLE_GAP_MS);
      await page.evaluate(() => (window as unknown as BenchWindow).bench.reload());
      rendered += 1;
      const hostMs = await waitRendered(page, rendered);
      const timings = await frameTimings(reportFrame(page));
      if (run < WARMUP) continue;
      warmHost.push(hostMs);
      warmFrame.push(timings.loadMs ?? Number.NaN);
      for (const query of timings.queries) {
        const entry = perVisual.get(query.visual) ?? { frame: [], server: [] };
        entry.frame.push(query.ms);
        if (query.serverMs !== undefined) entry.server.push(query.serverMs);
        perVisual.set(query.visual, entry);
      }
    }

    // Filter changes re-query all 4 visuals: alternate two filter states so each run does work.
    const filterHost: number[] = [];
    const regions = [['Europe'], ['Americas', 'Asia']];
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const filter = {
        $schema: 'http://powerbi.com/product/schema#basic',
        target: { table: 'Sales', column: 'Region' },
        filterType: 1,
        operator: 'In',
        values: regions[run % 2],
      };
      await page.evaluate(
        (filters) => (window as unknown as BenchWindow).bench.setFilters(filters),
        [filter],
      );
      rendered += 1;
      const hostMs = await waitRendered(page, rendered);
      if (run >= WARMUP) filterHost.push(hostMs);
    }

    return {
      rows,
      firstCold: { hostMs: coldHost[0] ?? Number.NaN, frameMs: coldFrame[0] ?? Number.NaN },
      coldHost: summarize(coldHost),
      coldFrame: summarize(coldFrame),
      warmHost: summarize(warmHost),
      warmFrame: summarize(warmFrame),
      filterHost: summarize(filterHost),
      visuals: [...perVisual].map(([visual, samples]) => ({
        visual,
        frame: summarize(samples.frame),
        server: summarize(samples.server),
      })),
    };
  } finally {
    await browser.close();
    await Promise.all([host.close(), emulator.close()]);
  }
}
