import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { reportsQuery } from '../api/reports-api.ts';
import { ReportLoading, ReportProblem } from '../components/report-problem.tsx';
import { ReportView } from '../components/report-view.tsx';
import { tenantGate } from '../components/tenant-problem.tsx';
import { useAdminTenant } from '../components/use-admin-tenant.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';

/** /admin/tenants/{tenantId}/reports/{reportId}: "<tenant name> - <report name>", embedded. */
export default function AdminReportPage() {
  const { reportId = '' } = useParams();
  const { tenantId, valid, tenant, notFound } = useAdminTenant();
  const powerBiGroupId = tenant.data?.powerBiGroupId ?? null;
  const reports = useQuery({
    ...reportsQuery('admin', powerBiGroupId ?? ''),
    enabled: !!powerBiGroupId,
  });
  const report = reports.data?.find((candidate) => candidate.id === reportId);
  const failed = (tenant.isError && !notFound) || reports.isError;
  const back = `/admin/tenants/${tenantId}/reports`;

  useErrorToast(failed, 'Failed to load report');

  const gate = tenantGate({ valid, notFound });
  if (gate) return gate;
  if (failed)
    return (
      <ReportProblem text="Failed to load report. Please try refreshing the page." backTo={back} />
    );
  if ((tenant.isSuccess && !powerBiGroupId) || (reports.isSuccess && !report))
    return <ReportProblem text="Report not found." backTo={back} />;
  if (!tenant.data || !report || !powerBiGroupId) return <ReportLoading />;
  return (
    <ReportView
      side="admin"
      title={`${tenant.data.name} - ${report.name}`}
      powerBiGroupId={powerBiGroupId}
      reportId={report.id}
      backTo={back}
      failureToast="Failed to load report"
    />
  );
}
