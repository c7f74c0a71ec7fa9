/** A shared rate-limit counter (modules/rate-limit/database-rate-limit-store.ts). */
export interface RateLimitHitsTable {
  /** The limiter (global, or a route's method and path) and the client address. */
  key: string;
  hits: number;
  resets_at: Date;
}
