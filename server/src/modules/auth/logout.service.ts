import type { Db } from '../../db/database.ts';
import { audit } from '../audit/audit.service.ts';
import type { RequestMeta } from './login.service.ts';
import { findRefreshToken, revokeLiveSession } from './sessions.repository.ts';
import { hashSecret } from './tokens.ts';

/**
 * Ends the session named by the refresh cookie and/or by a genuine access token (the caller has
 * checked its signature; an expired one still names the session to end). Every access token of
 * that session is refused from then on. Idempotent: nothing to end is not an error.
 */
export async function logout(
  db: Db,
  input: { refreshToken?: string; accessSessionId?: string },
  meta: RequestMeta,
): Promise<void> {
  const sessionIds = new Set<string>();
  if (input.accessSessionId) sessionIds.add(input.accessSessionId);
  if (input.refreshToken && input.refreshToken.length <= 256) {
    const found = await findRefreshToken(db, hashSecret(input.refreshToken));
    if (found) sessionIds.add(found.session_id);
  }
  for (const sessionId of sessionIds) {
    const ended = await revokeLiveSession(db, sessionId);
    if (!ended) continue;
    await audit(db, {
      action: 'auth.logout',
      actor: { userId: ended.user_id, email: ended.email },
      tenantId: ended.tenant_id,
      target: `session:${sessionId}`,
      ip: meta.ip,
    });
  }
}
