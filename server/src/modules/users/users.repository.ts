import { sql } from 'kysely';
import type { RoleName } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import { announceSessionChange } from '../auth/session-changes.ts';

/** A person as the user APIs show them (never the password hash, only whether one is set). */
export interface UserRecord {
  id: string;
  email: string;
  tenant_id: string | null;
  is_super_admin: boolean;
  first_name: string | null;
  last_name: string | null;
  last_logged_in: Date | null;
  invited: boolean;
  /** When the newest invitation link of an invited person stops working; null once active. */
  invitation_expires_at: Date | null;
  roles: RoleName[];
}

/** Only for people without a password: an active person's old invitation means nothing. */
const invitationExpiry = sql<Date | null>`case when u.password_hash is null then (
  select max(p.expires_at) from password_tokens p where p.user_id = u.id and p.purpose = 'invite'
) end`;

/** A person's own columns (all of UserRecord but the roles), on `users as u`. */
const personColumns = [
  'u.id',
  'u.email',
  'u.tenant_id',
  'u.is_super_admin',
  'u.first_name',
  'u.last_name',
  'u.last_logged_in',
  sql<boolean>`u.password_hash is null`.as('invited'),
  invitationExpiry.as('invitation_expires_at'),
] as const;

const userColumns = (db: Db) =>
  db
    .selectFrom('users as u')
    .select([
      ...personColumns,
      sql<
        RoleName[]
      >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}')`.as(
        'roles',
      ),
    ]);

/** The version of a tenant's list of people (0 before its first change); see the migration. */
export async function readPeopleVersion(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('tenant_people_versions')
    .select('version')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/**
 * The people of one tenant, by email. Read on every visit to the people screen, so in one flat
 * join (a row per person and role, folded here): a roles sub-select per person cost PostgreSQL
 * three to four times as much for a tenant of 51.
 */
export async function listTenantUsers(db: Db, tenantId: string): Promise<UserRecord[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('user_roles as r', 'r.user_id', 'u.id')
    .select([...personColumns, 'r.role'])
    .where('u.tenant_id', '=', tenantId)
    .orderBy('u.email')
    .orderBy('u.id')
    .orderBy('r.role')
    .execute();
  const people: UserRecord[] = [];
  for (const { role, ...person } of rows) {
    const last = people.at(-1);
    if (last?.id === person.id) {
      if (role) last.roles.push(role);
      continue;
    }
    people.push({ ...person, roles: role ? [role] : [] });
  }
  return people;
}

export function findUser(db: Db, userId: string): Promise<UserRecord | undefined> {
  return userColumns(db).where('u.id', '=', userId).executeTakeFirst();
}

/** Whom a tenant member can chat with: the other people of their tenant. */
export function listChatContacts(
  db: Db,
  tenantId: string,
  exceptUserId: string,
): Promise<
  {
    id: string;
    email: string;
    active: boolean;
    firstName: string | null;
    lastName: string | null;
  }[]
> {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      // Active once they have a password: an invited person cannot sign in to read a message.
      sql<boolean>`password_hash is not null`.as('active'),
      'first_name as firstName',
      'last_name as lastName',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '!=', exceptUserId)
    .orderBy('email')
    .execute();
}

/** People who belong to a tenant (super administrators are not counted). */
export async function countTenantUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('is_super_admin', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How many Admins the tenant has besides `exceptUserId`; with `activeOnly`, only those who have
 * set a password (an invitation nobody accepted administers nothing).
 */
export async function countOtherAdmins(
  db: Db,
  tenantId: string,
  exceptUserId: string,
  activeOnly: boolean,
): Promise<number> {
  let query = db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('u.tenant_id', '=', tenantId)
    .where('r.role', '=', 'Admin')
    .where('u.id', '!=', exceptUserId);
  if (activeOnly) query = query.where('u.password_hash', 'is not', null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A tenant member without a password (invited). Throws the database's unique violation on a taken email. */
export async function insertInvitedUser(
  db: Db,
  values: { email: string; tenantId: string; firstName: string | null; lastName: string | null },
): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: values.email.toLowerCase(),
      tenant_id: values.tenantId,
      is_super_admin: false,
      password_hash: null,
      first_name: values.firstName,
      last_name: values.lastName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a person's roles with the one given (every instance re-reads their sessions). */
export async function setRole(db: Db, userId: string, role: RoleName): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    await trx.insertInto('user_roles').values({ user_id: userId, role }).execute();
    await announceSessionChange(trx, { user: userId });
  });
}

/** Deletes a person; sessions, tokens, roles and their other rows cascade. */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await announceSessionChange(trx, { user: userId });
  });
}
