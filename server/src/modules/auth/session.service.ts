import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../plugins/external/jwt.ts';
import { deleteEndedSessions, insertRefreshToken, insertSession } from './sessions.repository.ts';
import { hashSecret, newSecret } from './tokens.ts';

export interface SessionDeps {
  db: Db;
  signAccessToken: (claims: AccessClaims) => string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  /** When the access token expires. */
  expiresAt: Date;
  /** The opaque refresh credential (sent to the browser in an HttpOnly cookie, stored hashed). */
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Starts a session: a revocable row, a short access JWT bound to it and a first refresh credential. */
export async function startSession(
  deps: SessionDeps,
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
): Promise<IssuedSession> {
  const refreshExpiresAt = new Date(Date.now() + deps.refreshTokenTtlSeconds * 1000);
  await deleteEndedSessions(deps.db, userId);
  const sessionId = await insertSession(deps.db, {
    user_id: userId,
    expires_at: refreshExpiresAt,
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 512) ?? null,
  });
  const refreshToken = newSecret();
  await insertRefreshToken(deps.db, sessionId, hashSecret(refreshToken));
  return {
    sessionId,
    ...accessTokenFor(deps, userId, sessionId),
    refreshToken,
    refreshExpiresAt,
  };
}

/** A fresh access token for an existing session. */
export function accessTokenFor(deps: SessionDeps, userId: string, sessionId: string) {
  return {
    accessToken: deps.signAccessToken({ sub: userId, sid: sessionId }),
    expiresAt: new Date(Date.now() + deps.accessTokenTtlSeconds * 1000),
  };
}
