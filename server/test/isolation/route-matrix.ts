import type { Matrix } from './matrix-types.ts';

/**
 * The expected answer of every API route for every actor and target (see README.md). Grouped by
 * resource; keep each group next to its neighbours in routes/index.ts.
 */
export const ROUTE_MATRIX: Matrix = {
  // health
  'GET /api/health': { public: 'load-balancer probe, reveals nothing' },

  // auth
  'POST /api/auth/login': { public: 'sign-in' },
};
