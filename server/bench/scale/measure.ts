import { readFileSync } from 'node:fs';
import type { ScaleRequest } from './case.ts';

export const quantile = (values: number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};

/** The resident memory of a process in MiB (Linux), or NaN where /proc is not there. */
export function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Sends one request and reads the whole body; throws on a non-2xx answer. */
export async function send(base: string, token: string, request: ScaleRequest): Promise<number> {
  const res = await fetch(`${base}${request.path}`, {
    method: request.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  if (!res.ok) throw new Error(`${request.path}: ${res.status} ${await res.text()}`);
  return (await res.arrayBuffer()).byteLength;
}

export interface Timing {
  times: number[];
  bytes: number;
  /** Highest resident memory of the server seen during the rounds (MiB), when sampled. */
  peakRss?: number;
}

/** One warm-up (plan cache, shared buffers), then `rounds` timed requests one after another. */
export async function timeRequest(
  run: () => Promise<number>,
  rounds: number,
  rssOf?: number,
): Promise<Timing> {
  let peakRss: number | undefined;
  const sampler =
    rssOf === undefined
      ? undefined
      : setInterval(() => {
          const now = rssMiB(rssOf);
          if (!Number.isNaN(now)) peakRss = Math.max(peakRss ?? 0, now);
        }, 10);
  try {
    let bytes = await run();
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      bytes = await run();
      times.push(performance.now() - start);
    }
    return { times, bytes, peakRss };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

export const fixed = (value: number): string =>
  Number.isNaN(value) ? '–' : value.toFixed(value < 10 ? 1 : 0);
