import type { AccountSession } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { auditChange } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import type { Principal } from '../../shared/principal.ts';
import { BROWSER_SESSION_IDLE_SECONDS } from '../auth/session.service.ts';
import {
  listLiveSessions,
  revokeAllSessions,
  revokeOwnSession,
} from '../auth/sessions.repository.ts';

/**
 * The person's own live sessions, this one first. A session without "Remember me" whose last use
 * is older than its idle limit is left out: its refresh would be refused, so it is over already.
 */
export async function listOwnSessions(db: Db, principal: Principal): Promise<AccountSession[]> {
  const rows = await listLiveSessions(db, principal.userId);
  const idleSince = Date.now() - BROWSER_SESSION_IDLE_SECONDS * 1000;
  const sessions = rows
    .filter((row) => row.persistent || row.last_used_at.getTime() > idleSince)
    .map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at.toISOString(),
      userAgent: row.user_agent,
      ip: row.ip,
      current: row.id === principal.sessionId,
    }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Ends one of the person's own sessions; anyone else's (or none) is the same 404. */
export async function endOwnSession(db: Db, actor: Actor, sessionId: string): Promise<void> {
  const { principal } = actor;
  await db.transaction().execute(async (trx) => {
    if (!(await revokeOwnSession(trx, principal.userId, sessionId))) {
      throw new AppError('SESSION_NOT_FOUND');
    }
    await auditChange(trx, actor, {
      action: 'account.session_end',
      tenantId: principal.tenantId,
      target: `session:${sessionId}`,
    });
  });
}

/** "Sign out everywhere": every session of the person ends, this one included. */
export async function endAllOwnSessions(db: Db, actor: Actor): Promise<void> {
  const { principal } = actor;
  await db.transaction().execute(async (trx) => {
    await revokeAllSessions(trx, principal.userId);
    await auditChange(trx, actor, {
      action: 'account.sign_out_everywhere',
      tenantId: principal.tenantId,
      target: `user:${principal.userId}`,
    });
  });
}
