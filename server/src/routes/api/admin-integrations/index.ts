import { endpoints } from '@canopy/portal-contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disconnectIntegration,
  listIntegrations,
  type IntegrationDeps,
} from '../../../modules/integrations/integrations.service.ts';
import { syncIntegration } from '../../../modules/integrations/sync.service.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

export const integrationDeps = (app: FastifyInstance): IntegrationDeps => ({
  db: app.db,
  xero: app.integrations.xero,
  cipher: app.integrations.cipher,
});

/** Integrations (super administrators only): the list, disconnect, sync. */
const integrations: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listIntegrations),
    handler: () => listIntegrations(app.db),
  });

  app.route({
    ...routeOf(app, endpoints.disconnectIntegration),
    handler: async (request) => {
      await disconnectIntegration(integrationDeps(app), actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.route({
    ...routeOf(app, endpoints.syncIntegration),
    handler: (request) =>
      syncIntegration(
        { ...integrationDeps(app), analytics: app.analytics },
        actorOf(request),
        request.params.id,
      ),
  });
};

export default integrations;
