import type { Report } from '@canopy/portal-contract';
import { EmptyState, SkeletonRows } from '../../../shared/ui/bits.tsx';
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
  if (!loading && rows.length === 0)
    return (
      <EmptyState
        title="No reports found"
        text={
          searching
            ? 'Try adjusting your search criteria'
            : 'No Power BI reports are available for this tenant'
        }
      />
    );
  return (
    <div className="table-wrap">
      <table className="table report-table">
        <caption className="visually-hidden">Reports</caption>
        <thead>
          <tr>
            <th scope="col">Report Name</th>
            <th scope="col">Last Refreshed</th>
            <th scope="col">Created By</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <SkeletonRows rows={REPORTS.skeletonRows} columns={4} />
          ) : (
            rows.map((report) => (
              <tr key={report.id}>
                <td>
                  <ReportName report={report} />
                </td>
                <td className="report-table__muted" data-label="Last Refreshed">
                  {lastRefreshedText(report.lastRefreshTime)}
                </td>
                <td className="report-table__muted" data-label="Created By">
                  {createdByText(report.createdBy)}
                </td>
                <td className="report-table__actions">
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
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
