import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/database.ts';
import { countHit, readHits } from './rate-limit-hits.repository.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's `child`: the merged limiter options of one route. */
interface LimiterOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  /** Names a limiter made with `createRateLimit` (it has no route to be keyed by). */
  nameSpace?: string;
  max?: unknown;
  timeWindow?: unknown;
  groupId?: string;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** Warn at most this often while the database refuses counts (a flood must not flood the log). */
const WARN_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store on the app's database, so every instance counts into the same
 * windows (a limit of 20 a minute is 20 for the deployment, not 20 per instance).
 *
 * When the database cannot count, the global per-address ceiling fails open (the request goes on;
 * whatever it needs from the database then fails on its own, and static files keep loading), while
 * a route's own limit fails closed (the request answers 503 DATABASE_UNAVAILABLE): the auth limits
 * are what slows password guessing, and they must never lapse silently.
 */
export function databaseRateLimitStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastWarned = 0;
  const warn = (error: unknown) => {
    const now = Date.now();
    if (now - lastWarned < WARN_EVERY_MS) return;
    lastWarned = now;
    log.warn({ err: error }, 'rate limit: the database did not count a hit; global limit skipped');
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: LimiterOptions,
      private readonly prefix = 'global',
      private readonly failOpen = true,
    ) {
      // Neither is used here; a store that silently ignored them would limit less than asked.
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error(
          'the database rate-limit store has no continueExceeding/exponentialBackoff',
        );
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, `${this.prefix} ${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => {
          if (!this.failOpen) return callback(error as Error);
          warn(error);
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    read(key: string, callback: Callback): void {
      readHits(db, `${this.prefix} ${key}`).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error as Error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const options = routeOptions as LimiterOptions;
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      const url = options.routeInfo?.url;
      // A route is keyed by its method and path; a limiter made in code by its name, or else by
      // its numbers (two unnamed ones with the same max and window would share their counts).
      const prefix = url
        ? `${method} ${url}`
        : `limiter ${options.nameSpace ?? `${String(options.max)}/${String(options.timeWindow)}`}`;
      return new DatabaseRateLimitStore(options, prefix, false);
    }
  }
  return DatabaseRateLimitStore;
}
