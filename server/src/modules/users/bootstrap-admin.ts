import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';

export type BootstrapResult = 'exists' | 'created' | 'missing';

/**
 * On a start with no super administrator, creates one from CANOPY_ADMIN_EMAIL/PASSWORD. Never
 * changes an existing account: the variables only seed an empty installation.
 */
export async function ensureSuperAdmin(
  db: Db,
  admin: { email: string; password: string } | undefined,
): Promise<BootstrapResult> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('is_super_admin', '=', true)
    .limit(1)
    .executeTakeFirst();
  if (existing) return 'exists';
  if (!admin) return 'missing';
  await createSuperAdmin(db, admin.email, admin.password);
  return 'created';
}

export async function createSuperAdmin(db: Db, email: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const row = await db
    .insertInto('users')
    .values({
      email: email.toLowerCase(),
      is_super_admin: true,
      tenant_id: null,
      password_hash: passwordHash,
    })
    .onConflict((oc) =>
      oc
        .expression(sql`lower(email)`)
        .doUpdateSet({ password_hash: passwordHash, is_super_admin: true, tenant_id: null }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
