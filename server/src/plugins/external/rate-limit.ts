import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';
import { pollEvery } from '../../modules/jobs/poll-every.ts';
import { databaseRateLimitStore } from '../../modules/rate-limit/database-rate-limit-store.ts';
import { deleteEndedWindows } from '../../modules/rate-limit/rate-limit-hits.repository.ts';

/** Where the counts live: this process's memory, or the database every instance shares. */
export type RateLimitStore = 'memory' | 'database';

export interface RateLimitOptions {
  /** Requests per minute per client address across the API; 0 turns the global limit off. */
  perMinute: number;
  store: RateLimitStore;
  /** How often ended windows are swept from the database store (tests shorten it). */
  sweepMs?: number;
}

/**
 * A per-address ceiling on every route; auth routes set a much lower one in their route config.
 * The client address is `request.ip`, which honours CANOPY_TRUST_PROXY (see trust-proxy.ts).
 * With several instances the counts must be shared, or each instance allows the whole limit: the
 * database store does that (app.ts picks it on PostgreSQL; docs/security.md#limits).
 */
export default fp<RateLimitOptions>(
  async (app, { perMinute, store, sweepMs = 60_000 }) => {
    await app.register(rateLimit, {
      global: perMinute > 0,
      max: perMinute > 0 ? perMinute : 1_000_000,
      timeWindow: 60_000,
      ...(store === 'database' ? { store: databaseRateLimitStore(app.db, app.log) } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        }),
    });
    if (store === 'database') {
      // Off the request path: ended windows are harmless until swept (a hit restarts them).
      const stop = pollEvery(
        sweepMs,
        () => deleteEndedWindows(app.db),
        (error) => app.log.warn({ err: error }, 'rate limit: sweeping ended windows failed'),
      );
      app.addHook('onClose', (_instance, done) => {
        stop();
        done();
      });
    }
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
