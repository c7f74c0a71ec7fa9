import { ErrorBody, Ok, RefreshResponse } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logout } from '../../../modules/auth/logout.service.ts';
import { refreshSession } from '../../../modules/auth/refresh.service.ts';
import { signedInBody } from '../../../modules/auth/signed-in-person.ts';
import type { AccessClaims } from '../../../plugins/external/jwt.ts';
import { AUTH_RATE_LIMIT } from './auth-rate-limit.ts';
import {
  clearRefreshCookie,
  REFRESH_COOKIE,
  requestMeta,
  setRefreshCookie,
} from './refresh-cookie.ts';
import { sessionDeps } from './session-deps.ts';

/** Refresh (rotation with reuse detection) and sign-out; both work from the HttpOnly cookie. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/refresh',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        operationId: 'refreshSession',
        summary: 'A fresh access token for the session of the refresh cookie (rotates the cookie)',
        description:
          'The refresh credential is single-use: presenting a used one ends the whole session. ' +
          'Without any refresh cookie the answer is 204: nobody is signed in, which is not an error ' +
          '(the SPA asks on every cold start, and a 401 there would be logged as a failure).',
        security: [],
        response: {
          200: RefreshResponse,
          204: z.null().describe('No refresh cookie: nobody is signed in'),
          401: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.cookies[REFRESH_COOKIE] === undefined) return reply.code(204).send(null);
      try {
        const { person, session } = await refreshSession(
          sessionDeps(app),
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
  );

  app.post(
    '/logout',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        operationId: 'signOut',
        summary: 'Sign out: ends the session of the refresh cookie and/or the bearer token',
        description:
          'Every access token of the session is refused from then on, before it expires. ' +
          'Always 200: there may be nothing left to end.',
        response: { 200: Ok, 429: ErrorBody },
      },
    },
    async (request, reply) => {
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
  );
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
