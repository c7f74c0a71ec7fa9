import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../shared/access-claims.ts';
import { deleteEndedSessions, insertRefreshToken, insertSession } from './sessions.repository.ts';
import { hashSecret, newSecret } from './tokens.ts';

export interface SessionDeps {
  db: Db;
  signAccessToken: (claims: AccessClaims) => string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

/**
 * How long one refresh credential of a browser-only session ("Remember me" unticked) stays usable.
 * Each refresh issues the next one, so an open tab keeps the session going; a cookie left behind by
 * a closed browser (or copied out of it) is worthless after this, not after the whole refresh TTL.
 */
export const BROWSER_SESSION_IDLE_SECONDS = 12 * 60 * 60;

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  /** When the access token expires. */
  expiresAt: Date;
  /** The opaque refresh credential (sent to the browser in an HttpOnly cookie, stored hashed). */
  refreshToken: string;
  refreshExpiresAt: Date;
  /** "Remember me": the refresh cookie outlives the browser (else it is a session cookie). */
  persistent: boolean;
  /** Good only for setting up a first second factor (one is required and there is none yet). */
  mfaEnrolmentOnly: boolean;
}

/** Starts a session: a revocable row, a short access JWT bound to it and a first refresh credential. */
export async function startSession(
  deps: SessionDeps,
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
  persistent: boolean,
  options: { mfaEnrolmentOnly?: boolean } = {},
): Promise<IssuedSession> {
  const mfaEnrolmentOnly = options.mfaEnrolmentOnly ?? false;
  const refreshExpiresAt = new Date(Date.now() + deps.refreshTokenTtlSeconds * 1000);
  await deleteEndedSessions(deps.db, userId);
  const sessionId = await insertSession(deps.db, {
    user_id: userId,
    expires_at: refreshExpiresAt,
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 512) ?? null,
    persistent,
    mfa_enrolment_only: mfaEnrolmentOnly,
  });
  const refreshToken = newSecret();
  await insertRefreshToken(deps.db, sessionId, hashSecret(refreshToken));
  return {
    sessionId,
    ...accessTokenFor(deps, userId, sessionId),
    refreshToken,
    refreshExpiresAt,
    persistent,
    mfaEnrolmentOnly,
  };
}

/** A fresh access token for an existing session. */
export function accessTokenFor(deps: SessionDeps, userId: string, sessionId: string) {
  return {
    accessToken: deps.signAccessToken({ sub: userId, sid: sessionId }),
    expiresAt: new Date(Date.now() + deps.accessTokenTtlSeconds * 1000),
  };
}
