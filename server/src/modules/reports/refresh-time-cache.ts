/**
 * The last refresh time of each dataset, kept for a while per instance: a report list names one
 * per report, and asking the analytics service for each on every list cost one call per report
 * per request. A refresh shows up within the time to live; lookups of the same dataset at the
 * same moment share one call, and a failed lookup is not kept.
 */
export class RefreshTimeCache {
  readonly #entries = new Map<string, { expires: number; value: Promise<string | null> }>();

  constructor(
    readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
    /** Oldest entries go first past this many datasets (one portal, not unbounded memory). */
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<string | null>): Promise<string | null> {
    const now = this.now();
    const cached = this.#entries.get(key);
    if (cached && cached.expires > now) return cached.value;
    const value = load();
    this.#entries.delete(key);
    this.#entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => this.#entries.delete(key));
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return value;
  }
}
