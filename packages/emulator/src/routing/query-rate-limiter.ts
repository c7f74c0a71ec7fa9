import type { FastifyInstance } from 'fastify';
import { authenticateEmbed } from '../policy/bearer.ts';
import type { TokenClaims } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import { EmulatorError } from '../errors.ts';
import { isQueryRoute } from './define-route.ts';

/** Buckets idle for this long are forgotten, so a stream of one-off principals cannot grow the map. */
const idleMs = 5 * 60_000;

interface Bucket {
  tokens: number;
  updated: number;
}

/**
 * The service's query rate limit: `perMinute` queries per user per minute, whatever the dataset.
 * A token bucket per user (full at start, refilled continuously), on the emulator's clock so tests
 * reach the limit and its recovery without waiting.
 */
export class QueryRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** Takes one query for `user`, or throws 429 TooManyRequests with the seconds to wait. */
  take(user: string): void {
    const now = this.now();
    this.sweep(now);
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(user) ?? { tokens: this.perMinute, updated: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updated) * perMs);
    bucket.updated = now;
    this.buckets.set(user, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    throw new QueryRateLimitError(this.perMinute, retryAfterSeconds);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < idleMs) return;
    this.lastSweep = now;
    for (const [user, bucket] of this.buckets)
      if (now - bucket.updated > idleMs) this.buckets.delete(user);
  }
}

/** 429 with the delay the error handler sends as Retry-After. */
export class QueryRateLimitError extends EmulatorError {
  constructor(
    perMinute: number,
    readonly retryAfterSeconds: number,
  ) {
    super(
      'TooManyRequests',
      `More than ${perMinute} queries in a minute for this user; retry after ${retryAfterSeconds} s`,
    );
  }
}

/**
 * Whose quota a query uses, as the service counts per user: the end user an embed token's effective
 * identity names; for an embed token without one, the token itself (one viewer's session: tokens
 * of an app that embeds for many viewers must not share one quota); else the app principal.
 */
export function rateLimitKey(claims: TokenClaims): string {
  if (claims.typ === 'embed')
    return claims.identities[0] ? `user:${claims.identities[0].username}` : `token:${claims.jti}`;
  return `principal:${claims.sub}`;
}

/**
 * Puts every route registered after this call that declares `queryRateLimit` behind the rate limit.
 * The check runs before the handler; a request without a valid token passes through to the route's
 * own refusal.
 */
export function installQueryRateLimit(app: FastifyInstance, context: EmulatorContext): void {
  const limiter = queryRateLimiter(context);
  app.addHook('onRoute', (route) => {
    if (!isQueryRoute(route.config)) return;
    const existing = route.preHandler;
    // eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs async hooks; a throw becomes the reply
    const own = async (request: Parameters<typeof authenticateEmbed>[1]) => {
      let claims: TokenClaims;
      try {
        claims = authenticateEmbed(context, request);
      } catch {
        return;
      }
      limiter.take(rateLimitKey(claims));
    };
    route.preHandler = [...(existing ? [existing].flat() : []), own];
  });
}

const limiters = new WeakMap<EmulatorContext, QueryRateLimiter>();

/** The limiter of one emulator instance (created on first use with its configured rate). */
function queryRateLimiter(context: EmulatorContext): QueryRateLimiter {
  let limiter = limiters.get(context);
  if (!limiter) {
    limiter = new QueryRateLimiter(context.config.queriesPerMinute, context.config.now);
    limiters.set(context, limiter);
  }
  return limiter;
}
