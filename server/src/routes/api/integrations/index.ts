import { IdParams, IntegrationList, Ok, SyncResult, TenantIdParams } from '@canopy/portal-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../../shared/actor.ts';
import {
  disconnectIntegration,
  listIntegrations,
  type IntegrationDeps,
} from '../../../modules/integrations/integrations.service.ts';
import { syncIntegration } from '../../../modules/integrations/sync.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { analyticsErrors } from '../powerbi/report-deps.ts';

const errors = analyticsErrors;

export const integrationDeps = (app: FastifyInstance): IntegrationDeps => ({
  db: app.db,
  xero: app.integrations.xero,
  cipher: app.integrations.cipher,
});
const actorOf = (request: FastifyRequest): Actor => ({
  principal: principalOf(request),
  ip: request.ip,
});

/** Integrations (super administrators only): lists, disconnect, sync. Mounted at /api/admin. */
const integrations: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['integrations'],
        operationId: 'listIntegrations',
        summary: 'Every integration, with its tenant',
        response: { 200: IntegrationList, ...errors },
      },
    },
    () => listIntegrations(app.db),
  );

  app.get(
    '/tenants/:tenantId/integrations',
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

  app.delete(
    '/integrations/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['integrations'],
        operationId: 'disconnectIntegration',
        summary: 'Disconnect: revoke at the provider, then delete',
        params: IdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await disconnectIntegration(integrationDeps(app), actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/integrations/:id/sync',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['integrations'],
        operationId: 'syncIntegration',
        summary: "Pull the source's invoices into the tenant's push dataset now",
        params: IdParams,
        response: { 200: SyncResult, ...errors },
      },
    },
    (request) =>
      syncIntegration(
        { ...integrationDeps(app), analytics: app.analytics },
        actorOf(request),
        request.params.id,
      ),
  );
};

export default integrations;
