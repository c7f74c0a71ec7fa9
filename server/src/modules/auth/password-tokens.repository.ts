import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type PasswordTokenPurpose = 'reset' | 'invite';

/**
 * Closes the open links of a person: of one purpose when a new link of it is issued (so only the
 * newest works, and a reset never voids an invitation), or all of them once a password is set.
 */
export async function invalidateOpenPasswordTokens(
  db: Db,
  userId: string,
  purpose?: PasswordTokenPurpose,
): Promise<void> {
  let query = db
    .updateTable('password_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (purpose) query = query.where('purpose', '=', purpose);
  await query.execute();
}

export async function insertPasswordToken(
  db: Db,
  row: { user_id: string; token_hash: string; purpose: PasswordTokenPurpose; expires_at: Date },
): Promise<void> {
  await db.insertInto('password_tokens').values(row).execute();
}

/**
 * Marks the token used and returns whose it was, in one statement: two concurrent uses cannot
 * both succeed. Undefined when it is unknown, already used or expired.
 */
export async function consumePasswordToken(
  db: Db,
  tokenHash: string,
): Promise<{ user_id: string; purpose: PasswordTokenPurpose } | undefined> {
  return db
    .updateTable('password_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'purpose'])
    .executeTakeFirst();
}

/** How many links of a purpose a person was sent since a moment (a cap against mail floods). */
export async function countPasswordTokensSince(
  db: Db,
  userId: string,
  purpose: PasswordTokenPurpose,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('password_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A link as it is, used or expired alike (rows are kept after use): whose it was, what for, and
 * whether it would still work. Lets an expired invitation be renewed from the link itself.
 */
export async function findPasswordToken(
  db: Db,
  tokenHash: string,
): Promise<{ user_id: string; purpose: PasswordTokenPurpose; usable: boolean } | undefined> {
  return db
    .selectFrom('password_tokens')
    .select([
      'user_id',
      'purpose',
      sql<boolean>`used_at is null and expires_at > now()`.as('usable'),
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
