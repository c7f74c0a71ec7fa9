/**
 * The fixed buckets load and render times are counted in per day (the SQL function
 * `canopy_latency_bucket`, migration 2026_11_29_940001): every millisecond below 64 ms is a bucket
 * of its own; above, each doubling is cut into 32 equal buckets, so a bucket is at most 1/32 of
 * its lower bound wide and a percentile read from them is within about 3 % of the exact one.
 */
const EXACT = 64;
const PER_DOUBLING = 32;

/** The bucket of a time in milliseconds (what the SQL function computes). */
export function latencyBucket(ms: number): number {
  if (ms < EXACT) return Math.max(ms, 0);
  const e = 31 - Math.clz32(ms); // floor(log2(ms)), exact on integers
  return EXACT + (e - 6) * PER_DOUBLING + ((ms >> (e - 5)) - PER_DOUBLING);
}

/** The lowest time of a bucket and how many whole milliseconds it spans. */
export function bucketRange(bucket: number): { low: number; width: number } {
  if (bucket < EXACT) return { low: bucket, width: 1 };
  const k = bucket - EXACT;
  const shift = Math.floor(k / PER_DOUBLING) + 1; // e - 5
  return { low: (PER_DOUBLING + (k % PER_DOUBLING)) << shift, width: 1 << shift };
}

/** How many times fell in each bucket. */
export type Histogram = ReadonlyMap<number, number>;

/**
 * The `share` percentile of the times a histogram counts, the way percentile_cont interpolates
 * between the two nearest of the sorted times; each time stands in as its bucket would spread n
 * times evenly over its milliseconds (the exact time in the 1 ms buckets). Null when empty.
 */
export function histogramPercentile(histogram: Histogram, share: number): number | null {
  const buckets = [...histogram.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const at = (rank: number): number => {
    let before = 0;
    for (const [bucket, n] of buckets) {
      if (rank < before + n) {
        const { low, width } = bucketRange(bucket);
        return low + ((width - 1) * (rank - before + 0.5)) / n;
      }
      before += n;
    }
    throw new Error('rank beyond the histogram');
  };
  const position = share * (total - 1);
  const lower = Math.floor(position);
  const fraction = position - lower;
  const low = at(lower);
  return fraction === 0 ? low : low + fraction * (at(lower + 1) - low);
}

/** Adds `n` to a bucket of a histogram being built. */
export function addToHistogram(histogram: Map<number, number>, bucket: number, n: number): void {
  if (n !== 0) histogram.set(bucket, (histogram.get(bucket) ?? 0) + n);
}
