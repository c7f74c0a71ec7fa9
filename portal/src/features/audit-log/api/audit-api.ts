import { endpoints } from '@canopy/portal-contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, pathOf } from '../../../shared/api/api-client.ts';
import {
  AUDIT_PAGE_SIZE,
  auditFilters,
  exportFileName,
  positionQuery,
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
      call(endpoints.listAuditEvents, {
        query: {
          ...auditFilters(view),
          limit: AUDIT_PAGE_SIZE,
          ...positionQuery(view.position),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const auditActionsQuery = () =>
  queryOptions({
    queryKey: auditKeys.actions,
    queryFn: async () => (await call(endpoints.listAuditActions)).actions,
  });

/** Downloads the filtered log as the server's CSV file (every page, newest first). */
export const downloadAuditCsv = (view: AuditView): Promise<void> =>
  downloadFile(pathOf(endpoints.exportAuditEvents, { query: auditFilters(view) }), exportFileName);
