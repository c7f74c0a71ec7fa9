import type { EmbedToken, Report, ReportSyncResult } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { AnalyticsClient } from '../analytics/analytics-client.ts';
import type { AnalyticsGateway } from '../analytics/analytics-gateway.ts';
import { auditChange } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { isSuperAdmin, type Principal } from '../../shared/principal.ts';
import { accessibleReportIds, canViewReport } from './report-access.ts';
import {
  findTenantReport,
  replaceTenantReports,
  tenantById,
  tenantByPowerBiGroupId,
} from './reports.repository.ts';
import type { RefreshTimeCache } from './refresh-time-cache.ts';
import { reportIdentities } from './report-identity.ts';

export interface ReportDeps {
  db: Db;
  /** Undefined when no analytics service is configured: every call answers 503. */
  analytics: AnalyticsGateway | undefined;
  embedTokenMinutes: number;
  /** Datasets' last refresh times, cached per instance (refresh-time-cache.ts). */
  refreshTimes: RefreshTimeCache;
}

interface ReportJson {
  id: string;
  name: string;
  embedUrl: string;
  datasetId?: string;
  datasetWorkspaceId?: string;
  createdBy?: string;
}
interface RefreshJson {
  status?: string;
  endTime?: string;
}

/** The client every call for this tenant goes through (its profile's, when it has one). */
const client = (deps: ReportDeps, tenant: { analytics_profile_id: string | null }) => {
  if (!deps.analytics) throw new AppError('ANALYTICS_UNAVAILABLE');
  return deps.analytics.forTenant(tenant);
};

/**
 * The tenant a request about a workspace (`powerBiGroupId`) acts on. A tenant user only ever
 * reaches their own tenant's workspace (another one is 403); a super administrator reaches any
 * tenant's.
 */
async function tenantFor(deps: ReportDeps, principal: Principal, powerBiGroupId: string) {
  if (isSuperAdmin(principal)) {
    const tenant = await tenantByPowerBiGroupId(deps.db, powerBiGroupId);
    if (!tenant) throw new AppError('ANALYTICS_ENTITY_NOT_FOUND');
    return { tenantId: tenant.id, powerBiGroupId, analytics: () => client(deps, tenant) };
  }
  if (!principal.tenantId) throw new AppError('FORBIDDEN');
  const tenant = await tenantById(deps.db, principal.tenantId);
  if (!tenant?.power_bi_group_id) throw new AppError('NO_WORKSPACE');
  if (tenant.power_bi_group_id !== powerBiGroupId) throw new AppError('FORBIDDEN');
  // Asked for only when needed: who may see what is answered first, with or without a service.
  return { tenantId: tenant.id, powerBiGroupId, analytics: () => client(deps, tenant) };
}

/** Reads the workspace's reports and stores them (reports gone upstream lose their grants). */
export async function syncReports(
  deps: ReportDeps,
  tenantId: string,
): Promise<ReportSyncResult & { upstream: ReportJson[] }> {
  const tenant = await tenantById(deps.db, tenantId);
  if (!tenant) throw new AppError('TENANT_NOT_FOUND');
  if (!tenant.power_bi_group_id) throw new AppError('NO_WORKSPACE');
  const powerBiGroupId = tenant.power_bi_group_id;
  const { value } = await client(deps, tenant).get<{ value: ReportJson[] }>(
    `/groups/${powerBiGroupId}/reports`,
  );
  const upstream = value.map((report) => ({
    id: report.id,
    name: report.name,
    datasetId: report.datasetId ?? null,
    embedUrl: report.embedUrl,
  }));
  const changes = await deps.db
    .transaction()
    .execute((trx) => replaceTenantReports(trx, tenantId, powerBiGroupId, upstream));
  return { reports: upstream.length, ...changes, upstream: value };
}

/** End of the dataset's newest completed refresh, or null (never fails the report list). */
async function lastRefreshTime(
  analytics: AnalyticsClient,
  report: ReportJson,
  fallbackPowerBiGroupId: string,
): Promise<string | null> {
  if (!report.datasetId) return null;
  const candidates = [
    report.datasetWorkspaceId,
    analytics.settings.template.powerBiGroupId,
    fallbackPowerBiGroupId,
  ];
  for (const powerBiGroupId of new Set(candidates.filter((id): id is string => Boolean(id)))) {
    try {
      const { value } = await analytics.get<{ value: RefreshJson[] }>(
        `/groups/${powerBiGroupId}/datasets/${report.datasetId}/refreshes?$top=10`,
      );
      const done = value.find((refresh) => refresh.status === 'Completed' && refresh.endTime);
      return done?.endTime ? new Date(done.endTime).toISOString() : null;
    } catch (error) {
      // A clone's dataset may live in the template workspace: try the next candidate.
      if (isAppError(error) && error.code === 'ANALYTICS_ENTITY_NOT_FOUND') continue;
      return null;
    }
  }
  return null;
}

/**
 * The reports of a workspace the caller may open (accessibleReportIds: Admins all, others their
 * direct and group grants). Reading the list also brings the reports table in step.
 */
export async function listReports(
  deps: ReportDeps,
  principal: Principal,
  powerBiGroupId: string,
): Promise<Report[]> {
  const { tenantId, analytics } = await tenantFor(deps, principal, powerBiGroupId);
  const { upstream } = await syncReports(deps, tenantId);
  const tenantClient = analytics();
  const granted = await accessibleReportIds(deps.db, principal, tenantId);
  const visible = granted === 'all' ? upstream : upstream.filter((r) => granted.has(r.id));
  return Promise.all(
    visible.map(async (report) => ({
      id: report.id,
      name: report.name,
      lastRefreshTime: report.datasetId
        ? await deps.refreshTimes.get(`${powerBiGroupId} ${report.datasetId}`, () =>
            lastRefreshTime(tenantClient, report, powerBiGroupId),
          )
        : null,
      createdBy: report.createdBy ?? null,
      embedUrl: report.embedUrl,
    })),
  );
}

/** For the admin's sync button: the tenant's reports table brought in step with its workspace. */
export async function syncTenantReports(
  deps: ReportDeps,
  actor: Actor,
  tenantId: string,
): Promise<ReportSyncResult> {
  const { reports, added, removed } = await syncReports(deps, tenantId);
  // Removed reports take their grants with them: who asked for that is worth keeping.
  await auditChange(deps.db, actor, {
    action: 'report.sync',
    tenantId,
    target: `tenant:${tenantId}`,
    details: { reports, added, removed },
  });
  return { reports, added, removed };
}

/**
 * An embed token for one report: GenerateToken V2 naming only that report and its dataset, with
 * the effective identity of reportIdentities (the tenant's data key on a dataset with row-level
 * security; a shared dataset without it is refused). Viewers need a grant, direct or through a group.
 */
export async function issueEmbedToken(
  deps: ReportDeps,
  principal: Principal,
  request: { reportId: string; powerBiGroupId: string },
): Promise<EmbedToken> {
  const { tenantId, powerBiGroupId, analytics } = await tenantFor(
    deps,
    principal,
    request.powerBiGroupId,
  );
  let report = await findTenantReport(deps.db, tenantId, request.reportId);
  if (!report) {
    await syncReports(deps, tenantId);
    report = await findTenantReport(deps.db, tenantId, request.reportId);
  }
  if (!report || report.power_bi_group_id !== powerBiGroupId) {
    throw new AppError('REPORT_NOT_FOUND');
  }
  if (!(await canViewReport(deps.db, principal, tenantId, report.id))) {
    throw new AppError('FORBIDDEN');
  }
  const datasets = report.dataset_id ? [{ id: report.dataset_id }] : [];
  const tenantClient = analytics();
  const identity = await reportIdentities(deps.db, tenantClient, tenantId, report);
  const token = await tenantClient.post<{ token: string; tokenId: string; expiration: string }>(
    '/GenerateToken',
    {
      reports: [{ id: report.id }],
      datasets,
      ...(identity.length > 0 ? { identities: identity } : {}),
      lifetimeInMinutes: deps.embedTokenMinutes,
    },
    'report',
  );
  return {
    embedToken: token.token,
    embedUrl: report.embed_url,
    reportId: report.id,
    expiration: new Date(token.expiration).toISOString(),
    tokenId: token.tokenId,
  };
}
