import { IntegrationList, TenantIdParams } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listIntegrations } from '../../../modules/integrations/integrations.service.ts';
import { analyticsErrors as errors } from '../../analytics-errors.ts';

/** /api/admin/tenants/{tenantId}/integrations: one tenant's integrations (super administrators). */
const tenantIntegrations: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:tenantId/integrations',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['integrations'],
        operationId: 'listTenantIntegrations',
        summary: "A tenant's integrations",
        params: TenantIdParams,
        response: { 200: IntegrationList, ...errors },
      },
    },
    (request) => listIntegrations(app.db, request.params.tenantId),
  );
};

export default tenantIntegrations;
