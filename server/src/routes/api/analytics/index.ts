import { ErrorBody, UsageAnalytics, UsageAnalyticsQuery } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { readUsageAnalytics } from '../../../modules/usage/usage-analytics.service.ts';

/**
 * Usage analytics: super administrators see every tenant or the one they name; a tenant Admin sees
 * their own tenant (naming another is 403); Viewers are refused.
 */
const analytics: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/usage',
    {
      config: { access: 'tenant-admin' },
      schema: {
        tags: ['reports'],
        operationId: 'getUsageAnalytics',
        summary:
          'Report views per day, report, tenant and person, load and render percentiles, and reports nobody opened, over 7, 30 or 90 days',
        querystring: UsageAnalyticsQuery,
        response: {
          200: UsageAnalytics,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    (request) => readUsageAnalytics(app.db, principalOf(request), request.query),
  );
};

export default analytics;
