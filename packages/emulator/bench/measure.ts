/** Timing helpers for the benchmarks: warm-up, then the median and p95 of repeated runs. */

export interface Timing {
  median: number;
  p95: number;
  p99: number;
  runs: number;
}

/** Median and p95 of measured samples (milliseconds). */
export function summarize(values: readonly number[]): Timing {
  const samples = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), runs: samples.length };
}

export async function time(run: () => Promise<unknown>, runs = 15, warmup = 3): Promise<Timing> {
  for (let i = 0; i < warmup; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
