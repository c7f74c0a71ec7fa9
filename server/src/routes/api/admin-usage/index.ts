import { ErrorBody, UsageList, UsageQuery } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUsage } from '../../../modules/usage/usage.service.ts';

/** The report usage log (load and render times the SPA reported), for super administrators. */
const usage: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reports'],
        operationId: 'listReportUsage',
        summary: 'Report load and render times, newest first',
        querystring: UsageQuery,
        response: { 200: UsageList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    (request) => listUsage(app.db, request.query),
  );
};

export default usage;
