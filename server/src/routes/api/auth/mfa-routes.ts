import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passkeySignInOptions,
  verifySecondFactor,
} from '../../../modules/auth/mfa/second-step.service.ts';
import { signedInBody } from '../../../modules/auth/signed-in-person.ts';
import { routeOf } from '../../route-of.ts';
import { authRateLimited } from './auth-rate-limit.ts';
import { requestMeta, setRefreshCookie } from './refresh-cookie.ts';

/** The second step of sign-in: a passkey's options, and the check that starts the session. */
const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...authRateLimited(routeOf(app, endpoints.startPasskeySignIn)),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeySignInOptions(app.mfa, request.body.ticket);
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.verifySecondFactor)),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { person, session, recoveryCodesLeft } = await verifySecondFactor(
        app.mfa,
        request.body,
        requestMeta(request),
      );
      setRefreshCookie(request, reply, session);
      return {
        ...signedInBody(person, session),
        ...(recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft }),
      };
    },
  });
};

export default mfaRoutes;
