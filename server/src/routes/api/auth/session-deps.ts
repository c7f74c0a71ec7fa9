import type { FastifyInstance } from 'fastify';
import type { SessionDeps } from '../../../modules/auth/session.service.ts';

/** What the session service needs from the app: the database, the signer and the lifetimes. */
export const sessionDeps = (app: FastifyInstance): SessionDeps => ({
  db: app.db,
  signAccessToken: (claims) => app.jwt.sign(claims),
  accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
  refreshTokenTtlSeconds: app.config.refreshTokenTtlSeconds,
});
