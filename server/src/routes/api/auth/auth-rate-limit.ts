/**
 * Per client address, on every auth route (each route counts separately), on top of the
 * per-account lockout: slows guessing across many accounts, reset-link and ticket probing.
 * Route-level limits apply even when the global limit is off (CANOPY_RATE_LIMIT_PER_MINUTE=0).
 */
export const AUTH_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

/** A route's options (from routeOf) with the auth rate limit added to its config. */
export const authRateLimited = <R extends { config: object }>(route: R) => ({
  ...route,
  config: { ...route.config, rateLimit: AUTH_RATE_LIMIT },
});
