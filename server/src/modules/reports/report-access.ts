import type { Db } from '../../db/database.ts';
import { isSuperAdmin, isTenantAdmin, type Principal } from '../../shared/principal.ts';

/**
 * The one rule for who may open a tenant's report, used wherever access is decided (report list,
 * embed token, and anything later that hands a report out): super administrators and the tenant's
 * Admins open every report; anyone else a report granted to them directly or to a group they are
 * in. Nothing here is cached: every call reads the grants, so a revoked grant, a removed member or
 * a deleted group refuses the very next request, on every instance.
 */
export async function accessibleReportIds(
  db: Db,
  principal: Principal,
  tenantId: string,
): Promise<'all' | Set<string>> {
  if (seesEveryReport(principal)) return 'all';
  const rows = await grantsOf(db, tenantId, principal.userId).execute();
  return new Set(rows.map((row) => row.report_id));
}

export async function canViewReport(
  db: Db,
  principal: Principal,
  tenantId: string,
  reportId: string,
): Promise<boolean> {
  if (seesEveryReport(principal)) return true;
  const row = await grantsOf(db, tenantId, principal.userId, reportId).executeTakeFirst();
  return row !== undefined;
}

const seesEveryReport = (principal: Principal) =>
  isSuperAdmin(principal) || isTenantAdmin(principal);

/** Direct grants ∪ the grants of the person's groups, within one tenant. */
function grantsOf(db: Db, tenantId: string, userId: string, reportId?: string) {
  let direct = db
    .selectFrom('report_grants')
    .select('report_grants.report_id')
    .where('report_grants.tenant_id', '=', tenantId)
    .where('report_grants.user_id', '=', userId);
  let viaGroups = db
    .selectFrom('group_report_grants')
    .innerJoin('group_members', 'group_members.group_id', 'group_report_grants.group_id')
    .innerJoin('groups', 'groups.id', 'group_report_grants.group_id')
    .select('group_report_grants.report_id')
    .where('groups.tenant_id', '=', tenantId)
    .where('group_members.user_id', '=', userId);
  if (reportId !== undefined) {
    direct = direct.where('report_grants.report_id', '=', reportId);
    viaGroups = viaGroups.where('group_report_grants.report_id', '=', reportId);
  }
  return direct.union(viaGroups);
}
