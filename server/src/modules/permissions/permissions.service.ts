import type { ReportGrantList } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { auditChange } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import {
  findTenantReport,
  tenantById,
  tenantByPowerBiGroupId,
} from '../reports/reports.repository.ts';

/** Who a grant is for and what it opens: the person, report and workspace of one tenant. */
export interface GrantTarget {
  userId: string;
  reportId: string;
  powerBiGroupId: string;
  tenantId: string;
}

/** Every grant in a tenant's workspace (super administrators only; the route enforces it). */
export async function listGrants(db: Db, powerBiGroupId: string): Promise<ReportGrantList> {
  const tenant = await tenantByPowerBiGroupId(db, powerBiGroupId);
  if (!tenant) throw new AppError('ANALYTICS_ENTITY_NOT_FOUND');
  const rows = await db
    .selectFrom('report_grants')
    .innerJoin('reports', 'reports.id', 'report_grants.report_id')
    .select(['report_grants.user_id', 'reports.id', 'reports.name'])
    .where('report_grants.tenant_id', '=', tenant.id)
    .orderBy('reports.name')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, report: { reportId: row.id, name: row.name } }));
}

/**
 * The user, report and workspace of a grant must all belong to the named tenant; a report the
 * server has not synchronised yet answers REPORT_NOT_SYNCED ("… Please sync reports first.").
 */
async function checkGrantTarget(db: Db, request: GrantTarget) {
  const tenant = await tenantById(db, request.tenantId);
  if (!tenant) throw new AppError('TENANT_NOT_FOUND');
  if (tenant.power_bi_group_id !== request.powerBiGroupId) {
    throw new AppError('ANALYTICS_ENTITY_NOT_FOUND');
  }
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', request.userId)
    .where('tenant_id', '=', tenant.id)
    .executeTakeFirst();
  if (!user) throw new AppError('USER_NOT_FOUND');
  const report = await findTenantReport(db, tenant.id, request.reportId);
  if (!report) throw new AppError('REPORT_NOT_SYNCED');
  return { tenantId: tenant.id, report };
}

/** Idempotent: granting twice keeps one grant and audits only the first. */
export async function grantReport(db: Db, actor: Actor, request: GrantTarget): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { tenantId, report } = await checkGrantTarget(trx, request);
    const inserted = await trx
      .insertInto('report_grants')
      .values({
        user_id: request.userId,
        report_id: report.id,
        tenant_id: tenantId,
        granted_by: actor.principal.userId,
      })
      .onConflict((oc) => oc.columns(['user_id', 'report_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (inserted) {
      await auditChange(trx, actor, {
        action: 'report.grant',
        tenantId,
        target: `user:${request.userId}`,
        details: { reportId: report.id, reportName: report.name },
      });
    }
  });
}

export async function revokeReport(db: Db, actor: Actor, request: GrantTarget): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { tenantId, report } = await checkGrantTarget(trx, request);
    const deleted = await trx
      .deleteFrom('report_grants')
      .where('user_id', '=', request.userId)
      .where('report_id', '=', report.id)
      .returning('user_id')
      .executeTakeFirst();
    if (deleted) {
      await auditChange(trx, actor, {
        action: 'report.revoke',
        tenantId,
        target: `user:${request.userId}`,
        details: { reportId: report.id, reportName: report.name },
      });
    }
  });
}
