import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logout } from '../../../modules/auth/logout.service.ts';
import { refreshSession } from '../../../modules/auth/refresh.service.ts';
import { signedInBody } from '../../../modules/auth/signed-in-person.ts';
import type { AccessClaims } from '../../../plugins/external/jwt.ts';
import { routeOf } from '../../route-of.ts';
import { authRateLimited } from './auth-rate-limit.ts';
import {
  clearRefreshCookie,
  REFRESH_COOKIE,
  requestMeta,
  setRefreshCookie,
} from './refresh-cookie.ts';

/** Refresh (rotation with reuse detection) and sign-out; both work from the HttpOnly cookie. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...authRateLimited(routeOf(app, endpoints.refreshSession)),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.cookies[REFRESH_COOKIE] === undefined) return reply.code(204).send(null);
      try {
        const { person, session } = await refreshSession(
          app.sessions,
          request.cookies[REFRESH_COOKIE],
          requestMeta(request),
        );
        setRefreshCookie(request, reply, session);
        return signedInBody(person, session);
      } catch (error) {
        // A refused credential is dead: the browser should stop sending it.
        clearRefreshCookie(reply);
        throw error;
      }
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.signOut)),
    handler: async (request, reply) => {
      await logout(
        app.db,
        {
          refreshToken: request.cookies[REFRESH_COOKIE],
          accessSessionId: bearerSessionId(app, request.headers.authorization),
        },
        requestMeta(request),
      );
      clearRefreshCookie(reply);
      return { ok: true as const };
    },
  });
};

/**
 * The session a genuine access token names. Its signature, algorithm, issuer and audience are
 * checked as always; only its expiry is not, since ending a session is always safe.
 */
function bearerSessionId(
  app: Parameters<FastifyPluginAsyncZod>[0],
  header: string | undefined,
): string | undefined {
  const match = /^Bearer (\S{1,4096})$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  try {
    const claims = app.jwt.verify<AccessClaims>(match[1], { ignoreExpiration: true });
    return typeof claims.sid === 'string' ? claims.sid : undefined;
  } catch {
    return undefined;
  }
}

export default sessionRoutes;
