import { ErrorBody, UserCount } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countUsers } from '../../../modules/users/users.service.ts';

/** The admin dashboard's "Total Users" card. */
const adminUsers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['users'],
        operationId: 'countTenantUsers',
        summary: 'How many people belong to tenants (super administrators not counted)',
        response: { 200: UserCount, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => ({ count: await countUsers(app.db) }),
  );
};

export default adminUsers;
