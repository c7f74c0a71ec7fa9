import { sql } from 'kysely';
import type { RoleName } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { clearAllAttempts } from './sign-in-attempts.repository.ts';

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

export async function recordSuccessfulLogin(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_logged_in: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Sets a new password (an argon2id PHC string) and ends every sign-in lock of the email: the
 * person proved control of their mailbox or an operator reset it. Returns who it was, or undefined
 * if they are gone.
 */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  const person = await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .returning(['id', 'email', 'tenant_id'])
    .executeTakeFirst();
  if (person) await clearAllAttempts(db, person.email.toLowerCase());
  return person;
}
