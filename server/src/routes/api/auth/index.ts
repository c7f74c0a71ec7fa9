import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { login } from '../../../modules/auth/login.service.ts';
import { signedInBody } from '../../../modules/auth/signed-in-person.ts';
import { routeOf } from '../../route-of.ts';
import { authRateLimited } from './auth-rate-limit.ts';
import oidcRoutes from './oidc-routes.ts';
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
      const { person, session } = await login(app.sessions, request.body, requestMeta(request));
      reply.header('cache-control', 'no-store');
      setRefreshCookie(request, reply, session);
      return signedInBody(person, session);
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.getSupportContact)),
    handler: () => Promise.resolve({ supportEmail: app.config.supportEmail }),
  });

  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(oidcRoutes);
};

export default auth;
