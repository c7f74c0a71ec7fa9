import type { Report } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { Badge, Card, EmptyState, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { reportsQuery, useSyncReports } from '../api/reports-api.ts';
import { ReportListCard } from '../components/report-list-card.tsx';
import { tenantGate } from '../components/tenant-problem.tsx';
import { useAdminTenant } from '../components/use-admin-tenant.ts';
import { NO_WORKSPACE_TEXT } from '../components/use-tenant-workspace.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Button, ButtonLink } from '../../../shared/ui/button.tsx';
import '../reports.css';

/** What the Manage Access modal needs; the app composes it in (features do not import each other). */
export interface ManageAccessProps {
  tenantId: string;
  powerBiGroupId: string;
  report: Pick<Report, 'id' | 'name'>;
  onClose: () => void;
}

const LOAD_FAILED = 'Failed to load tenant or reports';

/** /admin/tenants/{tenantId}/reports: a tenant's reports, access management and sync. */
export function AdminReportsPage({
  ManageAccess,
}: {
  ManageAccess?: ComponentType<ManageAccessProps>;
}) {
  const { tenantId, valid, tenant, notFound } = useAdminTenant();
  const powerBiGroupId = tenant.data?.powerBiGroupId ?? null;
  const reports = useQuery({
    ...reportsQuery('admin', powerBiGroupId ?? ''),
    enabled: !!powerBiGroupId,
    refetchOnMount: 'always',
  });
  const sync = useSyncReports(tenantId, powerBiGroupId ?? '');
  const [managing, setManaging] = useState<Report | null>(null);
  const failed = (tenant.isError && !notFound) || reports.isError;

  useErrorToast(failed, LOAD_FAILED);

  const gate = tenantGate({ valid, notFound });
  if (gate) return gate;

  const onSync = () =>
    sync.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(
          `Reports synced: ${result.reports} in the workspace (${result.added} added, ${result.removed} removed)`,
        ),
      onError: (error) =>
        toast.error(`Failed to sync reports: ${errorMessage(error, 'Unknown error occurred')}`),
    });

  return (
    <>
      <PageHeader
        title={tenant.data?.name ?? 'Tenant reports'}
        subtitle={tenant.data?.adminEmail ?? '\u00a0'}
        badge={<Badge tone="primary">Super Admin</Badge>}
        actions={
          <>
            <ButtonLink variant="secondary" to={`/admin/tenants/${tenantId}/groups`}>
              Groups
            </ButtonLink>
            <ButtonLink variant="secondary" to={`/admin/tenants/${tenantId}/access`}>
              Access matrix
            </ButtonLink>
            <ButtonLink variant="secondary" to={`/admin/tenants/${tenantId}/subscriptions`}>
              Subscriptions
            </ButtonLink>
            <ButtonLink variant="secondary" to="/admin/tenants">
              Back
            </ButtonLink>
          </>
        }
      />
      {failed && <ErrorCard message={errorMessage(tenant.error ?? reports.error, LOAD_FAILED)} />}
      {tenant.isSuccess && !powerBiGroupId ? (
        <Card>
          <EmptyState title="No Power BI Workspace" text={NO_WORKSPACE_TEXT} />
        </Card>
      ) : (
        // A failed load shows the error card alone, not "No reports found" under it.
        !failed && (
          <ReportListCard
            reports={reports.data ?? []}
            loading={tenant.isPending || (!!powerBiGroupId && reports.isPending)}
            viewPath={(report) => `/admin/tenants/${tenantId}/reports/${report.id}`}
            onManageAccess={ManageAccess ? setManaging : undefined}
            actions={
              <Button
                variant="secondary"
                size="sm"
                disabled={!powerBiGroupId || sync.isPending}
                onClick={onSync}
              >
                {sync.isPending ? 'Syncing...' : 'Sync Reports'}
              </Button>
            }
          />
        )
      )}
      {ManageAccess && managing && powerBiGroupId && (
        <ManageAccess
          tenantId={tenantId}
          powerBiGroupId={powerBiGroupId}
          report={managing}
          onClose={() => setManaging(null)}
        />
      )}
    </>
  );
}

export default AdminReportsPage;
