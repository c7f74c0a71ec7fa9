import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { readUsageAnalytics } from '../../../modules/usage/usage-analytics.service.ts';
import { routeOf } from '../../route-of.ts';

/**
 * Usage analytics: super administrators see every tenant or the one they name; a tenant Admin sees
 * their own tenant (naming another is 403); Viewers are refused.
 */
const analytics: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.getUsageAnalytics),
    handler: (request) => readUsageAnalytics(app.db, principalOf(request), request.query),
  });
};

export default analytics;
