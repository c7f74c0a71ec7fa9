import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disconnectIntegration,
  listIntegrations,
} from '../../../modules/integrations/integrations.service.ts';
import { syncIntegration } from '../../../modules/integrations/sync.service.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

/** Integrations (super administrators only): the list, disconnect, sync. */
const integrations: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listIntegrations),
    handler: () => listIntegrations(app.db),
  });

  app.route({
    ...routeOf(app, endpoints.disconnectIntegration),
    handler: async (request) => {
      await disconnectIntegration(app.integrations, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.route({
    ...routeOf(app, endpoints.syncIntegration),
    handler: (request) => syncIntegration(app.integrations, actorOf(request), request.params.id),
  });
};

export default integrations;
