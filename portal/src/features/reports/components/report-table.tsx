import type { Report } from '@canopy/portal-contract';
import { DataTable, type Column } from '../../../shared/ui/data-table.tsx';
import {
  createdByText,
  lastRefreshedText,
  REPORTS,
  reportInitials,
  shortId,
} from '../rules/report-rules.ts';
import { Button, ButtonLink } from '../../../shared/ui/button.tsx';

export interface ReportTableProps {
  rows: readonly Report[];
  loading: boolean;
  /** Whether a search is active: it picks the empty state's hint. */
  searching: boolean;
  /** Where a report's View button leads. */
  viewPath: (report: Report) => string;
  /** The super admin's Manage Access action (absent for tenant users). */
  onManageAccess?: (report: Report) => void;
}

function ReportName({ report }: { report: Report }) {
  return (
    <div className="report-name">
      <span className="report-name__initials" aria-hidden="true">
        {reportInitials(report.name)}
      </span>
      <div className="report-name__text">
        <div className="report-name__title">{report.name}</div>
        <div className="report-name__id">
          <span className="visually-hidden">Id </span>
          {shortId(report.id)}
        </div>
      </div>
    </div>
  );
}

/**
 * The report table of both lists (tenant, super admin): name with initials and short id, dates,
 * actions.
 */
export function ReportTable({
  rows,
  loading,
  searching,
  viewPath,
  onManageAccess,
}: ReportTableProps) {
  const columns: Column<Report>[] = [
    { header: 'Report Name', unlabelled: true, cell: (report) => <ReportName report={report} /> },
    {
      header: 'Last Refreshed',
      className: 'report-table__muted',
      cell: (report) => lastRefreshedText(report.lastRefreshTime),
    },
    {
      header: 'Created By',
      className: 'report-table__muted',
      cell: (report) => createdByText(report.createdBy),
    },
    {
      header: 'Actions',
      unlabelled: true,
      className: 'report-table__actions',
      cell: (report) => (
        <div className="table__actions">
          {onManageAccess && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Manage Access to ${report.name}`}
              onClick={() => onManageAccess(report)}
            >
              Manage Access
            </Button>
          )}
          <ButtonLink size="sm" to={viewPath(report)} aria-label={`View ${report.name}`}>
            View
          </ButtonLink>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Reports"
      className="report-table"
      columns={columns}
      rows={rows}
      rowKey={(report) => report.id}
      state={{ status: loading ? 'loading' : 'ready' }}
      empty={{
        title: 'No reports found',
        text: searching
          ? 'Try adjusting your search criteria'
          : 'No Power BI reports are available for this tenant',
      }}
      skeletonRows={REPORTS.skeletonRows}
    />
  );
}
