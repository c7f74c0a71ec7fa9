import { sql } from 'kysely';
import type { RoleName } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';

/** Everything sign-in needs about a person, in one query. */
export async function findLoginCandidate(db: Db, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('tenants as t', 't.id', 'u.tenant_id')
    .select([
      'u.id',
      'u.email',
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
    ])
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
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
