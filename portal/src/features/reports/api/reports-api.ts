import { endpoints, type UsageReport } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

/** Tenant users read reports under /powerbi, super admins under /admin/powerbi (any tenant's). */
export type ReportSide = 'tenant' | 'admin';

const sides = {
  tenant: { list: endpoints.listMyReports, token: endpoints.createEmbedToken },
  admin: { list: endpoints.listTenantReports, token: endpoints.createTenantEmbedToken },
};

export const reportKeys = {
  list: (side: ReportSide, powerBiGroupId: string) => ['reports', side, powerBiGroupId] as const,
};

/** The reports of a tenant's workspace; the request names it `groupId`, as the server expects. */
export const reportsQuery = (side: ReportSide, powerBiGroupId: string) =>
  queryOptions({
    queryKey: reportKeys.list(side, powerBiGroupId),
    queryFn: async () =>
      (await call(sides[side].list, { body: { groupId: powerBiGroupId } })).reports,
  });

/** The tenant's settings carry its workspace id (powerBiGroupId); the branding reads the same key. */
export const tenantSettingsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantSettings(tenantId),
    queryFn: () => call(endpoints.getTenantSettings, { params: { tenantId } }),
  });

export const fetchEmbedToken = (side: ReportSide, reportId: string, powerBiGroupId: string) =>
  call(sides[side].token, { body: { reportId, groupId: powerBiGroupId } });

/** The super admin's "Sync Reports": the server's report table in step with the workspace. */
export function useSyncReports(tenantId: string, powerBiGroupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.syncTenantReports, { params: { tenantId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: reportKeys.list('admin', powerBiGroupId) }),
  });
}

/** Load and render times of one opened report; losing one measurement is harmless. */
export const reportUsage = (usage: UsageReport) =>
  call(endpoints.recordReportUsage, { body: usage }).catch(() => undefined);
