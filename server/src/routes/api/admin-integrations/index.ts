import { IdParams, IntegrationList, Ok, SyncResult } from '@canopy/portal-contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disconnectIntegration,
  listIntegrations,
  type IntegrationDeps,
} from '../../../modules/integrations/integrations.service.ts';
import { syncIntegration } from '../../../modules/integrations/sync.service.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';
import { analyticsErrors } from '../../analytics-errors.ts';

const errors = analyticsErrors;

export const integrationDeps = (app: FastifyInstance): IntegrationDeps => ({
  db: app.db,
  xero: app.integrations.xero,
  cipher: app.integrations.cipher,
});

/** Integrations (super administrators only): the list, disconnect, sync. */
const integrations: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
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

  app.delete(
    '/:id',
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
    '/:id/sync',
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
