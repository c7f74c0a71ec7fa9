import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../../shared/session/use-session.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { reportsQuery } from '../api/reports-api.ts';
import { ReportLoading, ReportProblem } from '../components/report-problem.tsx';
import { LOAD_FAILED_TEXT, ReportView } from '../components/report-view.tsx';
import { useTenantWorkspace } from '../components/use-tenant-workspace.ts';

const BACK = '/tenant/reports';

export interface TenantReportPageProps {
  /** The report's Subscribe action (features do not import each other: the app hands it in). */
  Subscribe?: ComponentType<{ reportId: string; reportName: string }>;
}

/** /tenant/reports/{reportId}: one embedded report for a tenant user. */
export default function TenantReportPage({ Subscribe }: TenantReportPageProps) {
  const session = useSession();
  const { reportId = '' } = useParams();
  const workspace = useTenantWorkspace(session.tenantId ?? null);
  // The name comes from the list (usually cached from the screen before).
  const reports = useQuery({
    ...reportsQuery('tenant', workspace.powerBiGroupId ?? ''),
    enabled: !!workspace.powerBiGroupId,
  });
  const report = reports.data?.find((candidate) => candidate.id === reportId);
  const missing = reports.isSuccess && !report;
  useErrorToast(missing || reports.isError, missing ? 'Report not found' : 'Failed to load report');

  if (workspace.failed || workspace.noWorkspace || reports.isError || missing)
    return <ReportProblem text={LOAD_FAILED_TEXT} backTo={BACK} />;
  if (!report || !workspace.powerBiGroupId) return <ReportLoading />;
  return (
    <ReportView
      side="tenant"
      title={report.name}
      powerBiGroupId={workspace.powerBiGroupId}
      reportId={report.id}
      backTo={BACK}
      failureToast="Failed to load report"
      actions={Subscribe && <Subscribe reportId={report.id} reportName={report.name} />}
    />
  );
}
