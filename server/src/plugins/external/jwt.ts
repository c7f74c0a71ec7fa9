import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { AccessClaims } from '../../shared/access-claims.ts';

export const JWT_ISSUER = 'canopy';
export const ACCESS_AUDIENCE = 'canopy-api';

export interface JwtOptions {
  secret: string;
  accessTokenTtlSeconds: number;
}

export type { AccessClaims };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

/**
 * HS256 only (pinned), issuer, audience and expiry required and checked; the refresh credential
 * travels in a cookie.
 */
export default fp<JwtOptions>(
  async (app, { secret, accessTokenTtlSeconds }) => {
    await app.register(cookie);
    await app.register(jwt, {
      secret,
      sign: {
        algorithm: 'HS256',
        // @fastify/jwt reads a number as seconds (it converts to fast-jwt's milliseconds itself).
        expiresIn: accessTokenTtlSeconds,
        iss: JWT_ISSUER,
        aud: ACCESS_AUDIENCE,
      },
      verify: {
        algorithms: ['HS256'],
        allowedIss: JWT_ISSUER,
        allowedAud: ACCESS_AUDIENCE,
        // A token without `exp` would never expire; ours always carry one, so one without is refused.
        requiredClaims: ['exp'],
      },
    });
  },
  { name: 'jwt' },
);
