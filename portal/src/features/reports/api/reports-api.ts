import {
  EmbedToken,
  ReportList,
  ReportSyncResult,
  TenantSettings,
  type UsageReport,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-fetch.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

/** Tenant users read reports under /api/powerbi, super admins under /api/admin/powerbi. */
export type ReportSide = 'tenant' | 'admin';

const base = (side: ReportSide) => (side === 'admin' ? '/api/admin/powerbi' : '/api/powerbi');

export const reportKeys = {
  list: (side: ReportSide, groupId: string) => ['reports', side, groupId] as const,
};

export const reportsQuery = (side: ReportSide, groupId: string) =>
  queryOptions({
    queryKey: reportKeys.list(side, groupId),
    queryFn: async () =>
      (
        await apiFetch(`${base(side)}/reports`, {
          method: 'POST',
          body: { groupId },
          schema: ReportList,
        })
      ).reports,
  });

/** The tenant's settings carry its workspace id (powerBiGroupId); the branding reads the same key. */
export const tenantSettingsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantSettings(tenantId),
    queryFn: () => apiFetch(`/api/tenants/${tenantId}/settings`, { schema: TenantSettings }),
  });

export const fetchEmbedToken = (side: ReportSide, reportId: string, groupId: string) =>
  apiFetch(`${base(side)}/embed-token`, {
    method: 'POST',
    body: { reportId, groupId },
    schema: EmbedToken,
  });

/** The super admin's "Sync Reports": the server's report table in step with the workspace. */
export function useSyncReports(tenantId: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/admin/tenants/${tenantId}/reports/sync`, {
        method: 'POST',
        schema: ReportSyncResult,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.list('admin', groupId) }),
  });
}

/** Load and render times of one opened report; losing one measurement is harmless. */
export const reportUsage = (usage: UsageReport) =>
  apiFetch('/api/powerbi/usage', { method: 'POST', body: usage }).catch(() => undefined);
