import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { findPersonById } from './login.repository.ts';
import type { RequestMeta } from './login.service.ts';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeSession,
} from './sessions.repository.ts';
import {
  accessTokenFor,
  BROWSER_SESSION_IDLE_SECONDS,
  type IssuedSession,
  type SessionDeps,
} from './session.service.ts';
import { mayBeSignedIn, personInfo, type PersonInfo } from './signed-in-person.ts';
import { hashSecret, newSecret } from './tokens.ts';

/** Refresh credentials are 43 characters (256 bits, base64url); anything far longer is not one. */
const MAX_TOKEN_LENGTH = 256;

/**
 * Rotates a refresh credential: the presented one is marked used and a new one is issued in the
 * same session, with a fresh access token. Presenting a used credential again means it was copied
 * (the rightful browser already holds the next one), so the whole session — every credential of
 * the family and every access token bound to it — is revoked and the event audited.
 */
export async function refreshSession(
  deps: SessionDeps,
  refreshToken: string | undefined,
  meta: RequestMeta,
): Promise<{ person: PersonInfo; session: IssuedSession }> {
  const { db } = deps;
  if (!refreshToken || refreshToken.length > MAX_TOKEN_LENGTH) {
    throw new AppError('INVALID_REFRESH_TOKEN');
  }
  const found = await findRefreshToken(db, hashSecret(refreshToken));
  if (!found) throw new AppError('INVALID_REFRESH_TOKEN');

  const reuse = async () => {
    await revokeSession(db, found.session_id);
    await audit(db, {
      action: 'auth.refresh_reuse',
      actor: { userId: found.user_id, email: found.email },
      tenantId: found.tenant_id,
      target: `session:${found.session_id}`,
      ip: meta.ip,
    });
    return new AppError('INVALID_REFRESH_TOKEN');
  };
  if (found.used_at !== null) throw await reuse();
  if (found.revoked_at !== null && found.end_reason === 'role_changed') {
    throw new AppError('ROLE_CHANGED');
  }
  if (found.revoked_at !== null && found.end_reason === 'password_changed') {
    throw new AppError('PASSWORD_CHANGED');
  }
  if (found.revoked_at !== null || found.expires_at <= new Date()) {
    throw new AppError('INVALID_REFRESH_TOKEN');
  }
  // Without "Remember me" the credential is only good while the browser is in use: one left idle
  // longer (a closed browser's cookie, or a copy of it) ends the session.
  const idleEnd = found.created_at.getTime() + BROWSER_SESSION_IDLE_SECONDS * 1000;
  if (!found.persistent && idleEnd <= Date.now()) {
    await revokeSession(db, found.session_id);
    throw new AppError('INVALID_REFRESH_TOKEN');
  }

  const next = newSecret();
  const rotated = await db.transaction().execute(async (trx) => {
    if (!(await markRefreshTokenUsed(trx, found.id))) return false;
    await insertRefreshToken(trx, found.session_id, hashSecret(next));
    return true;
  });
  // Two requests with the same credential at once: only one rotates; the other is a reuse.
  if (!rotated) throw await reuse();

  const person = await findPersonById(db, found.user_id);
  // A person removed meanwhile, or whose tenant was deactivated, has no session to continue.
  if (!person || !mayBeSignedIn(person)) {
    await revokeSession(db, found.session_id);
    throw new AppError('INVALID_REFRESH_TOKEN');
  }
  return {
    person: personInfo(person),
    session: {
      sessionId: found.session_id,
      ...accessTokenFor(deps, found.user_id, found.session_id),
      refreshToken: next,
      refreshExpiresAt: found.expires_at,
      // Rotation keeps the choice made at sign-in.
      persistent: found.persistent,
      mfaEnrolmentOnly: found.mfa_enrolment_only,
    },
  };
}
