import { ErrorBody, LoginRequest, SignedInPerson } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { login } from '../../../modules/auth/login.service.ts';
import { requestMeta, setRefreshCookie } from './refresh-cookie.ts';
import { sessionDeps } from './session-deps.ts';

/** Per address, on top of the per-account lockout: slows guessing across many accounts. */
export const AUTH_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

const auth: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        security: [],
        body: LoginRequest,
        response: { 200: SignedInPerson, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { person, session } = await login(sessionDeps(app), request.body, requestMeta(request));
      setRefreshCookie(request, reply, session);
      return { ...person, token: session.accessToken, expiresAt: session.expiresAt.toISOString() };
    },
  );
};

export default auth;
