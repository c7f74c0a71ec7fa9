import { AuditActions, AuditPage } from '@canopy/portal-contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-fetch.ts';
import {
  AUDIT_PAGE_SIZE,
  auditFilters,
  exportFileName,
  toSearch,
  type AuditView,
} from '../rules/audit-log.ts';
import { downloadFile } from '../../../shared/api/download-file.ts';

export const auditKeys = {
  all: ['audit'] as const,
  page: (view: AuditView) => ['audit', 'page', view] as const,
  actions: ['audit', 'actions'] as const,
};

/** One page of the log for a view; the previous page stays on screen while the next loads. */
export const auditPageQuery = (view: AuditView) =>
  queryOptions({
    queryKey: auditKeys.page(view),
    queryFn: () =>
      apiFetch(
        `/api/admin/audit?${toSearch({
          ...auditFilters(view),
          limit: AUDIT_PAGE_SIZE,
          offset: (view.page - 1) * AUDIT_PAGE_SIZE,
        })}`,
        { schema: AuditPage },
      ),
    placeholderData: keepPreviousData,
  });

export const auditActionsQuery = () =>
  queryOptions({
    queryKey: auditKeys.actions,
    queryFn: async () =>
      (await apiFetch('/api/admin/audit/actions', { schema: AuditActions })).actions,
  });

/** Downloads the filtered log as the server's CSV file (every page, newest first). */
export const downloadAuditCsv = (view: AuditView): Promise<void> =>
  downloadFile(`/api/admin/audit/export.csv?${toSearch(auditFilters(view))}`, exportFileName);
