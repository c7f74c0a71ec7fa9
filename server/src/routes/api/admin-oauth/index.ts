import {
  ErrorBody,
  OauthCallbackQuery,
  OauthInitiateRequest,
  OauthInitiateResponse,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeOauth, initiateOauth } from '../../../modules/integrations/oauth.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';

/** The OAuth 2.0 authorization-code flow that connects a data source (Xero, XPM). */
const oauth: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    xero: app.integrations.xero,
    cipher: app.integrations.cipher,
    publicUrl: app.config.publicUrl,
  });

  app.post(
    '/initiate',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['integrations'],
        operationId: 'startIntegrationConnect',
        summary: "Start connecting a data source: the provider's authorization URL",
        body: OauthInitiateRequest,
        response: {
          200: OauthInitiateResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    (request) =>
      initiateOauth(deps(), { principal: principalOf(request), ip: request.ip }, request.body),
  );

  app.get(
    '/callback',
    {
      // The provider's redirect carries no bearer token: the single-use state, bound to the super
      // administrator who started, is the credential (oauth.service.ts).
      config: { access: 'public' },
      schema: {
        tags: ['integrations'],
        operationId: 'completeIntegrationConnect',
        summary: 'Where the provider sends the browser back; redirects to the SPA',
        querystring: OauthCallbackQuery,
      },
    },
    async (request, reply) => {
      const location = await completeOauth(deps(), request.query, request.ip);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );
};

export default oauth;
