import type { RoleName } from '@canopy/portal-contract';
import type { DatabaseHandle } from '../../../server/src/db/create-database.ts';
import { hashPassword } from '../../../server/src/modules/auth/passwords.ts';

/** Every account the suite creates signs in with this password. */
export const PASSWORD = 'Correct-Horse-1';

// One hash for every account: argon2 is deliberately slow.
let passwordHash: Promise<string> | undefined;

/** A tenant straight into the database (the screens under test create their own through the UI). */
export async function insertTenant(
  database: DatabaseHandle,
  values: { name: string; primaryColor?: string; theme?: 'dark' | 'light' },
) {
  return database.db
    .insertInto('tenants')
    .values({
      name: values.name,
      admin_email: `admin@${values.name.toLowerCase().replace(/\W+/g, '-')}.test`,
      status: 'active',
      primary_color: values.primaryColor ?? '#2563eb',
      theme: values.theme ?? 'dark',
      power_bi_group_id: null,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** An active account with PASSWORD: a super admin, or a tenant user with one role. */
export async function insertPerson(
  database: DatabaseHandle,
  values: { email: string; superAdmin?: boolean; tenantId?: string; role?: RoleName },
) {
  passwordHash ??= hashPassword(PASSWORD);
  const user = await database.db
    .insertInto('users')
    .values({
      email: values.email.toLowerCase(),
      tenant_id: values.superAdmin ? null : (values.tenantId ?? null),
      is_super_admin: values.superAdmin ?? false,
      password_hash: await passwordHash,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  if (!values.superAdmin)
    await database.db
      .insertInto('user_roles')
      .values({ user_id: user.id, role: values.role ?? 'Viewer' })
      .execute();
  return user;
}
