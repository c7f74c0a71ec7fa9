import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { login } from '../../../modules/auth/login.service.ts';
import { secondStepFor } from '../../../modules/auth/mfa/second-step.service.ts';
import { signedInBody } from '../../../modules/auth/signed-in-person.ts';
import { routeOf } from '../../route-of.ts';
import { authRateLimited } from './auth-rate-limit.ts';
import oidcRoutes from './oidc-routes.ts';
import mfaRoutes from './mfa-routes.ts';
import passwordRoutes from './password-routes.ts';
import { requestMeta, setRefreshCookie } from './refresh-cookie.ts';
import sessionRoutes from './session-routes.ts';

export { AUTH_RATE_LIMIT } from './auth-rate-limit.ts';

/**
 * Identity: sign-in, session refresh and sign-out, forgot/reset password, external sign-in for
 * super administrators. Every route is public (it is how one gets a session) and rate-limited.
 */
const auth: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...authRateLimited(routeOf(app, endpoints.signIn)),
    handler: async (request, reply) => {
      const outcome = await login(
        app.sessions,
        request.body,
        requestMeta(request),
        (person, remember) => secondStepFor(app.mfa, person, remember),
      );
      reply.header('cache-control', 'no-store');
      // A second step is needed: no session and no cookie yet, only the ticket.
      if ('challenge' in outcome) return outcome.challenge;
      setRefreshCookie(request, reply, outcome.session);
      return signedInBody(outcome.person, outcome.session);
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.getSupportContact)),
    handler: () => Promise.resolve({ supportEmail: app.config.supportEmail }),
  });

  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(oidcRoutes);
  await app.register(mfaRoutes);
};

export default auth;
