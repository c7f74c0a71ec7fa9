import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUsage } from '../../../modules/usage/usage.service.ts';
import { routeOf } from '../../route-of.ts';

/** The report usage log (load and render times the SPA reported), for super administrators. */
const usage: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listReportUsage),
    handler: (request) => listUsage(app.db, request.query),
  });
};

export default usage;
