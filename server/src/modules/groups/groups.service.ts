import type { Group, GroupDetail, GroupList, UpdateGroupRequest } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';
import { adminTenantScope, type Principal } from '../../shared/principal.ts';
import type { Actor } from '../../shared/actor.ts';
import { auditChange } from '../audit/audit.service.ts';
import { findTenantReport, tenantById } from '../reports/reports.repository.ts';
import {
  findTenantGroup,
  findTenantPerson,
  listGroupMembers,
  listGroupReports,
  listTenantGroups,
} from './groups.repository.ts';

/**
 * Groups of a tenant's people. A tenant Admin manages their own tenant's groups, a super
 * administrator any tenant's (named in the path). Another tenant's group, person or report is
 * answered with the same 404 as a missing one. Every change is audited in its transaction.
 */

/** The tenant the caller may manage groups of (404 for a super admin naming no tenant). */
export async function groupTenant(db: Db, principal: Principal, tenantId: string) {
  const scoped = adminTenantScope(principal, tenantId);
  if (!(await tenantById(db, scoped))) throw new AppError('TENANT_NOT_FOUND');
  return scoped;
}

type GroupListRow = Awaited<ReturnType<typeof listTenantGroups>>[number];
const toGroup = (row: GroupListRow): Group => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  description: row.description,
  createdAt: new Date(row.created_at).toISOString(),
  memberCount: row.member_count,
  reportIds: row.report_ids,
});

export async function listGroups(
  db: Db,
  principal: Principal,
  tenantId: string,
): Promise<GroupList> {
  const scoped = await groupTenant(db, principal, tenantId);
  return { groups: (await listTenantGroups(db, scoped)).map(toGroup) };
}

export async function getGroup(
  db: Db,
  principal: Principal,
  tenantId: string,
  groupId: string,
): Promise<GroupDetail> {
  const scoped = await groupTenant(db, principal, tenantId);
  const [row] = await listTenantGroups(db, scoped, groupId);
  if (!row) throw new AppError('GROUP_NOT_FOUND');
  const [members, reports] = await Promise.all([
    listGroupMembers(db, groupId),
    listGroupReports(db, groupId),
  ]);
  return {
    ...toGroup(row),
    members: members.map((m) => ({
      userId: m.id,
      email: m.email,
      firstName: m.first_name,
      lastName: m.last_name,
    })),
    reports,
  };
}

export async function createGroup(
  db: Db,
  actor: Actor,
  tenantId: string,
  body: { name: string; description: string },
): Promise<GroupDetail> {
  const scoped = await groupTenant(db, actor.principal, tenantId);
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('groups')
        .values({
          tenant_id: scoped,
          name: body.name,
          description: body.description,
          created_by: actor.principal.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await auditChange(trx, actor, {
        action: 'group.create',
        tenantId: scoped,
        target: `group:${row.id}`,
        details: { name: body.name },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('GROUP_NAME_TAKEN');
    throw error;
  }
  return getGroup(db, actor.principal, scoped, id);
}

export async function updateGroup(
  db: Db,
  actor: Actor,
  tenantId: string,
  groupId: string,
  body: UpdateGroupRequest,
): Promise<GroupDetail> {
  const scoped = await groupTenant(db, actor.principal, tenantId);
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findTenantGroup(trx, scoped, groupId);
      if (!before) throw new AppError('GROUP_NOT_FOUND');
      const changes = {
        ...(body.name !== undefined && body.name !== before.name ? { name: body.name } : {}),
        ...(body.description !== undefined && body.description !== before.description
          ? { description: body.description }
          : {}),
      };
      if (Object.keys(changes).length === 0) return;
      await trx.updateTable('groups').set(changes).where('id', '=', groupId).execute();
      await auditChange(trx, actor, {
        action: 'group.update',
        tenantId: scoped,
        target: `group:${groupId}`,
        details: {
          ...(changes.name !== undefined ? { name: changes.name, previousName: before.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('GROUP_NAME_TAKEN');
    throw error;
  }
  return getGroup(db, actor.principal, scoped, groupId);
}

/** Deleting a group takes its memberships and grants along: its members lose that access at once. */
export async function deleteGroup(
  db: Db,
  actor: Actor,
  tenantId: string,
  groupId: string,
): Promise<void> {
  const scoped = await groupTenant(db, actor.principal, tenantId);
  await db.transaction().execute(async (trx) => {
    const group = await findTenantGroup(trx, scoped, groupId);
    if (!group) throw new AppError('GROUP_NOT_FOUND');
    await trx.deleteFrom('groups').where('id', '=', groupId).execute();
    await auditChange(trx, actor, {
      action: 'group.delete',
      tenantId: scoped,
      target: `group:${groupId}`,
      details: { name: group.name },
    });
  });
}

/**
 * Adds a person to a group or removes them; idempotent, audited only when something changed. A
 * removal refuses their next report list or embed token at once (nothing caches memberships).
 */
export async function setMembership(
  db: Db,
  actor: Actor,
  tenantId: string,
  groupId: string,
  userId: string,
  member: boolean,
): Promise<void> {
  const scoped = await groupTenant(db, actor.principal, tenantId);
  await db.transaction().execute(async (trx) => {
    const group = await findTenantGroup(trx, scoped, groupId);
    if (!group) throw new AppError('GROUP_NOT_FOUND');
    const person = await findTenantPerson(trx, scoped, userId);
    if (!person) throw new AppError('USER_NOT_FOUND');
    const changed = member
      ? await trx
          .insertInto('group_members')
          .values({ group_id: groupId, user_id: userId })
          .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
          .returning('user_id')
          .executeTakeFirst()
      : await trx
          .deleteFrom('group_members')
          .where('group_id', '=', groupId)
          .where('user_id', '=', userId)
          .returning('user_id')
          .executeTakeFirst();
    if (changed) {
      await auditChange(trx, actor, {
        action: member ? 'group.member_add' : 'group.member_remove',
        tenantId: scoped,
        target: `group:${groupId}`,
        details: { name: group.name, userId, email: person.email },
      });
    }
  });
}

/** Grants or revokes one report for a group; idempotent, audited only when something changed. */
export async function setGroupGrant(
  db: Db,
  actor: Actor,
  tenantId: string,
  groupId: string,
  reportId: string,
  granted: boolean,
): Promise<void> {
  const scoped = await groupTenant(db, actor.principal, tenantId);
  await db.transaction().execute(async (trx) => {
    const group = await findTenantGroup(trx, scoped, groupId);
    if (!group) throw new AppError('GROUP_NOT_FOUND');
    const report = await findTenantReport(trx, scoped, reportId);
    if (!report) throw new AppError('REPORT_NOT_FOUND');
    const changed = granted
      ? await trx
          .insertInto('group_report_grants')
          .values({ group_id: groupId, report_id: reportId, granted_by: actor.principal.userId })
          .onConflict((oc) => oc.columns(['group_id', 'report_id']).doNothing())
          .returning('report_id')
          .executeTakeFirst()
      : await trx
          .deleteFrom('group_report_grants')
          .where('group_id', '=', groupId)
          .where('report_id', '=', reportId)
          .returning('report_id')
          .executeTakeFirst();
    if (changed) {
      await auditChange(trx, actor, {
        action: granted ? 'group.grant' : 'group.revoke',
        tenantId: scoped,
        target: `group:${groupId}`,
        details: { name: group.name, reportId, reportName: report.name },
      });
    }
  });
}
