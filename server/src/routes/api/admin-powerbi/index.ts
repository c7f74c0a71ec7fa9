import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportAndTokenRoutes } from '../powerbi/report-and-token-routes.ts';

/** /api/admin/powerbi: any tenant's report list and embed token, for super administrators. */
const adminPowerbi: FastifyPluginAsyncZod = async (app) => {
  reportAndTokenRoutes(app, 'superadmin');
};

export default adminPowerbi;
