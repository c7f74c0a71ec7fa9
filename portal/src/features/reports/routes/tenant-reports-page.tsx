import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, EmptyState, ErrorCard, PageHeader, Card } from '../../../shared/ui/bits.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { reportsQuery } from '../api/reports-api.ts';
import { ReportListCard } from '../components/report-list-card.tsx';
import { NO_WORKSPACE_TEXT, useTenantWorkspace } from '../components/use-tenant-workspace.ts';
import '../reports.css';
import { reportsFailureText } from '../rules/report-failures.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';

export const EMPTY_LIST_TOAST =
  'No reports available. Contact your administrator to grant access to reports.';

/** /tenant/reports: the reports a tenant user may open (Admins all, Viewers those granted). */
export default function TenantReportsPage() {
  const session = useSession();
  const [search] = useSearchParams();
  if (session.type === 'superadmin') {
    // A super admin's links to a tenant page carry ?tenantId=; their report list is the admin one.
    const tenantId = search.get('tenantId');
    return (
      <Navigate to={tenantId ? `/admin/tenants/${tenantId}/reports` : '/admin/tenants'} replace />
    );
  }
  return <TenantReports tenantId={session.tenantId} />;
}

function TenantReports({ tenantId }: { tenantId: string | null }) {
  const workspace = useTenantWorkspace(tenantId);
  const reports = useQuery({
    ...reportsQuery('tenant', workspace.powerBiGroupId ?? ''),
    enabled: !!workspace.powerBiGroupId,
    // Grants change elsewhere (the super admin's Manage Access): every visit asks again.
    refetchOnMount: 'always',
  });
  const empty = reports.isSuccess && reports.data.length === 0;
  useErrorToast(
    reports.isError,
    `Failed to load reports: ${errorMessage(reports.error, 'Unknown error occurred')}`,
  );
  useEffect(() => {
    if (empty) toast.info(EMPTY_LIST_TOAST);
  }, [empty]);

  return (
    <>
      <PageHeader
        title="Power BI Reports"
        subtitle="Browse and open the reports of your organization."
        badge={<Badge tone="primary">Tenant User</Badge>}
      />
      {workspace.failed && <ErrorCard message="Failed to fetch tenant info" />}
      {reports.isError && <ErrorCard message={reportsFailureText(reports.error)} />}
      {workspace.noWorkspace ? (
        <Card>
          <EmptyState title="No Power BI Workspace" text={NO_WORKSPACE_TEXT} />
        </Card>
      ) : (
        // A failed load shows the error card alone, not "No reports found" under it.
        !workspace.failed &&
        !reports.isError && (
          <ReportListCard
            reports={reports.data ?? []}
            loading={workspace.pending || (!!workspace.powerBiGroupId && reports.isPending)}
            viewPath={(report) => `/tenant/reports/${report.id}`}
          />
        )
      )}
    </>
  );
}
