import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countUsers } from '../../../modules/users/users.service.ts';
import { routeOf } from '../../route-of.ts';

/** The admin dashboard's "Total Users" card. */
const adminUsers: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.countTenantUsers),
    handler: async () => ({ count: await countUsers(app.db) }),
  });
};

export default adminUsers;
