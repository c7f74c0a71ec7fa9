import { sql } from 'kysely';
import type { RoleName } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';

/** Everything sign-in needs about a person (and what the signed-in body shows), in one query. */
function selectPerson(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('tenants as t', 't.id', 'u.tenant_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.tenant_id',
      'u.is_super_admin',
      'u.password_hash',
      'u.failed_logins',
      'u.locked_until',
      't.status as tenant_status',
      't.theme',
      't.primary_color',
      sql<
        RoleName[]
      >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}')`.as(
        'roles',
      ),
    ]);
}

export async function findLoginCandidate(db: Db, email: string) {
  return selectPerson(db)
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The same person by id (refresh, external sign-in). */
export async function findPersonById(db: Db, userId: string) {
  return selectPerson(db).where('u.id', '=', userId).executeTakeFirst();
}
export type LoginCandidate = NonNullable<Awaited<ReturnType<typeof findLoginCandidate>>>;

/** Counts a failure; the fifth in a row locks the account until `lockUntil`. Returns the count. */
export async function recordFailedLogin(
  db: Db,
  userId: string,
  maxFailures: number,
  lockUntil: Date,
): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      failed_logins: eb('failed_logins', '+', 1),
      locked_until: sql<Date | null>`case when failed_logins + 1 >= ${maxFailures} then ${lockUntil} else locked_until end`,
    }))
    .where('id', '=', userId)
    .returning('failed_logins')
    .executeTakeFirst();
  return row?.failed_logins ?? 0;
}

export async function recordSuccessfulLogin(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: null, last_logged_in: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Sets a new password (an argon2id PHC string) and clears the lockout: the person proved control
 * of their mailbox or an operator reset it. Returns who it was, or undefined if they are gone.
 */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null })
    .where('id', '=', userId)
    .returning(['id', 'email', 'tenant_id'])
    .executeTakeFirst();
}
