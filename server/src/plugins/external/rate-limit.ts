import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';

export interface RateLimitOptions {
  /** Requests per minute per client address across the API; 0 turns the global limit off. */
  perMinute: number;
}

/**
 * A per-address ceiling on every route; auth routes set a much lower one in their route config.
 * The store is in memory, per instance (see docs/portal-operations.md for several instances).
 */
export default fp<RateLimitOptions>(
  async (app, { perMinute }) => {
    await app.register(rateLimit, {
      global: perMinute > 0,
      max: perMinute > 0 ? perMinute : 1_000_000,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        }),
    });
  },
  { name: 'rate-limit' },
);
