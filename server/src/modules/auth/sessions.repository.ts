import { sql } from 'kysely';
import type { RoleName } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { SessionEndReason } from '../../db/tables/auth.table.ts';
import { announceSessionChange } from './session-changes.ts';

export interface PrincipalRow {
  user_id: string;
  email: string;
  tenant_id: string | null;
  is_super_admin: boolean;
  roles: RoleName[];
  /** The session's absolute end (a cached session is refused from then on without a read). */
  session_expires_at: Date;
  /** The session may only set up a first second factor (absent: a full session). */
  mfa_enrolment_only?: boolean;
}

/** The live session's person, or undefined when the session is revoked, expired or gone. */
export async function findPrincipalBySession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<PrincipalRow | undefined> {
  return (
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('tenants as t', 't.id', 'u.tenant_id')
      .select([
        'u.id as user_id',
        'u.email',
        'u.tenant_id',
        'u.is_super_admin',
        sql<
          RoleName[]
        >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}')`.as(
          'roles',
        ),
        's.expires_at as session_expires_at',
        's.mfa_enrolment_only',
      ])
      .where('s.id', '=', sessionId)
      .where('s.user_id', '=', userId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      // A deactivated tenant's people lose access at once, not when their token expires.
      .where((eb) => eb.or([eb('u.is_super_admin', '=', true), eb('t.status', '=', 'active')]))
      .executeTakeFirst()
  );
}

/**
 * Of these sessions, the ones still live by the same rules as `findPrincipalBySession` (not
 * revoked or expired, person still there, tenant active). One query per 5,000 of them.
 */
export async function liveSessionIds(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  const live = new Set<string>();
  // In slices: a statement takes at most 65,535 parameters, and one instance may hold more streams.
  for (let start = 0; start < sessionIds.length; start += 5_000) {
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('tenants as t', 't.id', 'u.tenant_id')
      .select('s.id')
      .where('s.id', 'in', sessionIds.slice(start, start + 5_000))
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where((eb) => eb.or([eb('u.is_super_admin', '=', true), eb('t.status', '=', 'active')]))
      .execute();
    for (const row of rows) live.add(row.id);
  }
  return live;
}

/**
 * Deletes a person's sessions past their absolute end (with their refresh credentials): nothing
 * can use them any more, and without this every sign-in would leave rows behind for good.
 */
export async function deleteEndedSessions(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

export async function insertSession(
  db: Db,
  row: {
    user_id: string;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
    persistent: boolean;
    mfa_enrolment_only?: boolean;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('sessions')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertRefreshToken(
  db: Db,
  sessionId: string,
  tokenHash: string,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ session_id: sessionId, token_hash: tokenHash })
    .execute();
}

/** Ends one session; every instance drops it from its cache when this commits. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await announceSessionChange(trx, { session: sessionId });
  });
}

/**
 * Ends every session of a person (password reset, account deletion, role change). A `reason` is
 * what their next refresh tells them (a role change is not a fault, so it does not say "expired").
 */
export async function revokeAllSessions(
  db: Db,
  userId: string,
  reason: SessionEndReason | null = null,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()`, end_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await announceSessionChange(trx, { user: userId });
  });
}

/**
 * Ends every other session of a person (their own password change): the session they changed it
 * from stays signed in, and the others' next refresh says why they were signed out. Every instance re-reads the person's sessions when this commits.
 */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()`, end_reason: 'password_changed' })
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await announceSessionChange(trx, { user: userId });
  });
}

/**
 * Ends one live session of this person. False when there is none by that id — gone, ended, or
 * someone else's (the caller answers all three alike, so ids of others reveal nothing).
 */
export async function revokeOwnSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const ended = await trx
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst();
    if (ended) await announceSessionChange(trx, { session: sessionId });
    return ended !== undefined;
  });
}

/**
 * A person's live sessions, most recently used first. A session is used at sign-in and at every
 * refresh, and each refresh leaves a credential row, so the newest one says when it was last used.
 */
export async function listLiveSessions(db: Db, userId: string) {
  return db
    .selectFrom('sessions as s')
    .select([
      's.id',
      's.created_at',
      's.ip',
      's.user_agent',
      's.persistent',
      sql<Date>`coalesce((select max(r.created_at) from refresh_tokens r where r.session_id = s.id), s.created_at)`.as(
        'last_used_at',
      ),
    ])
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .orderBy('last_used_at', 'desc')
    .orderBy('s.id')
    .execute();
}

/** A refresh credential by its hash, with its session and person (whatever their state). */
export async function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as r')
    .innerJoin('sessions as s', 's.id', 'r.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'r.id',
      'r.used_at',
      'r.created_at',
      'r.session_id',
      's.user_id',
      'u.email',
      'u.tenant_id',
      's.expires_at',
      's.revoked_at',
      's.persistent',
      's.end_reason',
      's.mfa_enrolment_only',
    ])
    .where('r.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh credential used; false when it already was (a concurrent use won the race). */
export async function markRefreshTokenUsed(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('refresh_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes a live session; returns its person when it was live (so the caller audits it once). */
export async function revokeLiveSession(db: Db, sessionId: string) {
  return inTransaction(db, async (trx) => {
    const ended = await trx
      .updateTable('sessions')
      .from('users')
      .set({ revoked_at: sql<Date>`now()` })
      .whereRef('users.id', '=', 'sessions.user_id')
      .where('sessions.id', '=', sessionId)
      .where('sessions.revoked_at', 'is', null)
      .returning(['users.id as user_id', 'users.email', 'users.tenant_id'])
      .executeTakeFirst();
    if (ended) await announceSessionChange(trx, { session: sessionId });
    return ended;
  });
}
