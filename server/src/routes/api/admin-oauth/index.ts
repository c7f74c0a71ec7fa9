import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeOauth, initiateOauth } from '../../../modules/integrations/oauth.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

/** The OAuth 2.0 authorization-code flow that connects a data source (Xero, XPM). */
const oauth: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.startIntegrationConnect),
    handler: (request) =>
      initiateOauth(
        app.integrations,
        { principal: principalOf(request), ip: request.ip },
        request.body,
      ),
  });

  // Public: the provider's redirect carries no bearer token; the single-use state, bound to the
  // super administrator who started, is the credential (oauth.service.ts).
  app.route({
    ...routeOf(app, endpoints.completeIntegrationConnect),
    handler: async (request, reply) => {
      const location = await completeOauth(app.integrations, request.query, request.ip);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  });
};

export default oauth;
