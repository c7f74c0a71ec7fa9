import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** How many attempts a key allows, over what window, and how long the lock that follows lasts. */
export interface AttemptLimit {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface AttemptKey {
  /** The address typed, normalised (lower case, trimmed). */
  email: string;
  /** The client address, or '*' for the email from every address. */
  client: string;
}

/**
 * Takes one attempt for the key, in one statement: counts it, and locks the key when it is the
 * last one allowed. Refuses (undefined) while the key is locked, so concurrent requests can never
 * try more passwords than the limit: each one is counted before its password is verified, and the
 * row lock orders them. A window or a lock that has run out starts the count again.
 */
export async function reserveAttempt(
  db: Db,
  key: AttemptKey,
  limit: AttemptLimit,
): Promise<{ attempts: number; locked_until: Date | null } | undefined> {
  const lock = sql`now() + make_interval(secs => ${limit.lockSeconds})`;
  const stale = sql`(a.window_started_at <= now() - make_interval(secs => ${limit.windowSeconds})
    or a.locked_until is not null)`;
  const result = await sql<{ attempts: number; locked_until: Date | null }>`
    insert into sign_in_attempts as a (email, client, attempts, window_started_at, locked_until)
    values (${key.email}, ${key.client}, 1, now(), case when 1 >= ${limit.max} then ${lock} end)
    on conflict (email, client) do update set
      attempts = case when ${stale} then 1 else a.attempts + 1 end,
      window_started_at = case when ${stale} then now() else a.window_started_at end,
      locked_until = case
        when (case when ${stale} then 1 else a.attempts + 1 end) >= ${limit.max} then ${lock}
      end
    where a.locked_until is null or a.locked_until <= now()
    returning a.attempts, a.locked_until`.execute(db);
  return result.rows[0];
}

/** When the key's lock ends (null when it is not locked, or no longer). */
export async function lockedUntil(db: Db, key: AttemptKey): Promise<Date | null> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select('locked_until')
    .where('email', '=', key.email)
    .where('client', '=', key.client)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/** The right password: the key starts afresh. */
export async function clearAttempts(db: Db, key: AttemptKey): Promise<void> {
  await db
    .deleteFrom('sign_in_attempts')
    .where('email', '=', key.email)
    .where('client', '=', key.client)
    .execute();
}

/**
 * Gives back an attempt that turned out right: the account-wide count is of wrong passwords, but
 * one owner signing in must not wipe a distributed guesser's count either. A lock this very
 * attempt set (it was the last one allowed) is lifted with it; one set by a later attempt stays.
 */
export async function returnAttempt(db: Db, key: AttemptKey, limit: AttemptLimit): Promise<void> {
  await sql`
    update sign_in_attempts
       set attempts = greatest(attempts - 1, 0),
           locked_until = case when attempts - 1 < ${limit.max} then null else locked_until end
     where email = ${key.email} and client = ${key.client}`.execute(db);
}

/** A new password set through a mailed link or by an operator: every lock of the email ends. */
export async function clearAllAttempts(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('email', '=', email).execute();
}
