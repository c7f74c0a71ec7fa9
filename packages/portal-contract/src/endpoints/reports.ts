import { errors } from '../endpoint.ts';

/** The answers of endpoints that reach the analytics service (upstream failures are 502–504). */
export const analyticsFailures = errors(400, 401, 403, 404, 502, 503, 504);

/** The reports endpoints (filled in as their routes move onto the table). */
export const reportsEndpoints = {};
