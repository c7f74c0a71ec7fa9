import { endpoints } from '@canopy/portal-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../../errors.ts';
import { createOidcClient, OidcFailure } from '../../../modules/auth/oidc-client.ts';
import {
  completeOidcSignIn,
  exchangeSignInTicket,
  OIDC_REQUEST_TTL_SECONDS,
  startOidcSignIn,
} from '../../../modules/auth/oidc.service.ts';
import { signedInBody } from '../../../modules/auth/signed-in-person.ts';
import { routeOf } from '../../route-of.ts';
import { authRateLimited } from './auth-rate-limit.ts';
import { requestMeta, setRefreshCookie } from './refresh-cookie.ts';

/** Binds a started sign-in to the browser that started it (Lax: the provider's redirect is cross-site). */
const STATE_COOKIE = 'canopy_oidc_state';
const STATE_COOKIE_PATH = '/api/auth/oidc';

/**
 * External sign-in for super administrators (OpenID Connect, authorization code + PKCE). The
 * browser goes start → provider → callback → the SPA's /oauth/callback?token=…&redirect=…, and the
 * SPA exchanges that one-time token for a session. Failures land on /oauth/callback?error=<code>.
 */
const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const client = config.oidc
    ? createOidcClient({
        ...config.oidc,
        redirectUri: `${config.publicUrl}${endpoints.completeOidcSignIn.path}`,
      })
    : undefined;
  const deps = () => {
    if (!client) throw new AppError('OIDC_NOT_CONFIGURED');
    return { ...app.sessions, client };
  };
  // Set and cleared with the same flags: a clearing header is no weaker than the setting one.
  const stateCookieFlags = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
    path: STATE_COOKIE_PATH,
  };

  /** Browser-facing failures go back to the SPA with a stable code; the reason goes to the log. */
  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (isAppError(error) && error.code === 'OIDC_NOT_CONFIGURED') throw error;
    if (!isAppError(error)) throw error;
    request.log.warn(
      { code: error.code, reason: error instanceof OidcFailure ? error.reason : undefined },
      'external sign-in failed',
    );
    return reply.redirect(`${config.publicUrl}/oauth/callback?error=${error.code}`);
  };

  app.route({
    ...authRateLimited(routeOf(app, endpoints.getOidcStatus)),
    handler: () => Promise.resolve({ enabled: client !== undefined }),
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.startOidcSignIn)),
    handler: async (request, reply) => {
      const oidc = deps();
      reply.header('cache-control', 'no-store');
      try {
        const { url, state } = await startOidcSignIn(oidc, request.query.redirect);
        reply.setCookie(STATE_COOKIE, state, {
          ...stateCookieFlags,
          maxAge: OIDC_REQUEST_TTL_SECONDS,
        });
        return reply.redirect(url);
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.completeOidcSignIn)),
    handler: async (request, reply) => {
      const oidc = deps();
      reply.header('cache-control', 'no-store');
      const cookieState = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, stateCookieFlags);
      try {
        const { ticket, redirect } = await completeOidcSignIn(
          oidc,
          request.query,
          cookieState,
          requestMeta(request),
        );
        const target = new URL(`${config.publicUrl}/oauth/callback`);
        target.searchParams.set('token', ticket);
        target.searchParams.set('redirect', redirect);
        return reply.redirect(target.toString());
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.exchangeOidcTicket)),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { person, session } = await exchangeSignInTicket(
        app.sessions,
        request.body.token,
        requestMeta(request),
      );
      setRefreshCookie(request, reply, session);
      return signedInBody(person, session);
    },
  });
};

export default oidcRoutes;
