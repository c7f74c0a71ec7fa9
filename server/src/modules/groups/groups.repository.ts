import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A tenant's groups with their member counts and granted report ids, by name. */
export async function listTenantGroups(db: Db, tenantId: string, groupId?: string) {
  let query = db
    .selectFrom('groups')
    .select((eb) => [
      'groups.id',
      'groups.tenant_id',
      'groups.name',
      'groups.description',
      'groups.created_at',
      eb
        .selectFrom('group_members')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('group_members.group_id', '=', 'groups.id')
        .as('member_count'),
    ])
    .where('groups.tenant_id', '=', tenantId);
  if (groupId !== undefined) query = query.where('groups.id', '=', groupId);
  const groups = await query
    .orderBy(sql`lower(groups.name)`)
    .orderBy('groups.id')
    .execute();
  if (groups.length === 0) return [];
  const grants = await db
    .selectFrom('group_report_grants')
    .select(['group_id', 'report_id'])
    .where(
      'group_id',
      'in',
      groups.map((group) => group.id),
    )
    .orderBy('report_id')
    .execute();
  return groups.map((group) => ({
    ...group,
    member_count: Number(group.member_count ?? 0),
    report_ids: grants.filter((grant) => grant.group_id === group.id).map((g) => g.report_id),
  }));
}

export function findTenantGroup(db: Db, tenantId: string, groupId: string) {
  return db
    .selectFrom('groups')
    .select(['id', 'name', 'description'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', groupId)
    .executeTakeFirst();
}

export function listGroupMembers(db: Db, groupId: string) {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name'])
    .where('group_members.group_id', '=', groupId)
    .orderBy('users.email')
    .execute();
}

export function listGroupReports(db: Db, groupId: string) {
  return db
    .selectFrom('group_report_grants')
    .innerJoin('reports', 'reports.id', 'group_report_grants.report_id')
    .select(['reports.id', 'reports.name'])
    .where('group_report_grants.group_id', '=', groupId)
    .orderBy('reports.name')
    .execute();
}

/** A person of the tenant (super administrators belong to none, so they are never found). */
export function findTenantPerson(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Everything the access matrix shows for one tenant, five reads, whatever the size. */
export async function readAccessFacts(db: Db, tenantId: string) {
  const [people, roles, reports, direct, viaGroups] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('email')
      .execute(),
    db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['user_roles.user_id', 'user_roles.role'])
      .where('users.tenant_id', '=', tenantId)
      .execute(),
    db
      .selectFrom('reports')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('report_grants')
      .select(['user_id', 'report_id'])
      .where('tenant_id', '=', tenantId)
      .execute(),
    db
      .selectFrom('group_report_grants')
      .innerJoin('group_members', 'group_members.group_id', 'group_report_grants.group_id')
      .innerJoin('groups', 'groups.id', 'group_report_grants.group_id')
      .select(['group_members.user_id', 'group_report_grants.report_id', 'groups.name'])
      .where('groups.tenant_id', '=', tenantId)
      .execute(),
  ]);
  return { people, roles, reports, direct, viaGroups };
}
