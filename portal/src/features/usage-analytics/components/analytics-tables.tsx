import type {
  PersonUsageStats,
  ReportUsageStats,
  TenantUsageStats,
  UnopenedReport,
} from '@canopy/portal-contract';
import { dateTimeText } from '../../../shared/rules/format-date.ts';
import type { ListSort } from '../../../shared/rules/list-view.ts';
import { EmptyState } from '../../../shared/ui/bits.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import {
  countText,
  msText,
  personText,
  reportText,
  type ReportSortKey,
} from '../rules/analytics-rules.ts';

/** Per report: views, viewers, median and p95 load and render times, last view. Sortable. */
export function ReportsTable(props: {
  reports: readonly ReportUsageStats[];
  showTenant: boolean;
  search: string;
  sort: ListSort<ReportSortKey> | null;
  onSort: (column: ReportSortKey) => void;
}) {
  if (props.reports.length === 0)
    return (
      <EmptyState
        title="No reports opened"
        text={
          props.search.trim()
            ? `No report or tenant name contains "${props.search.trim()}".`
            : 'Nobody opened a report in this period.'
        }
      />
    );
  const header = (label: string, column: ReportSortKey) => (
    <SortableHeader label={label} column={column} sort={props.sort} onSort={props.onSort} />
  );
  return (
    <div className="table-wrap">
      <table className="table table--stack analytics-table">
        <caption className="visually-hidden">Views and load times per report</caption>
        <thead>
          <tr>
            {header('Report', 'name')}
            {props.showTenant && <th scope="col">Tenant</th>}
            {header('Views', 'views')}
            {header('Viewers', 'viewers')}
            {header('Load median', 'loadMedian')}
            {header('Load p95', 'loadP95')}
            {header('Render median', 'renderMedian')}
            {header('Render p95', 'renderP95')}
            {header('Last viewed', 'lastViewed')}
          </tr>
        </thead>
        <tbody>
          {props.reports.map((report) => (
            <tr key={report.reportId}>
              <td data-label="Report" className="analytics-table__name">
                {reportText(report)}
              </td>
              {props.showTenant && <td data-label="Tenant">{report.tenantName ?? '—'}</td>}
              <td data-label="Views" className="num">
                {countText(report.views)}
              </td>
              <td data-label="Viewers" className="num">
                {countText(report.viewers)}
              </td>
              <td data-label="Load median" className="num">
                {msText(report.loadMs.median)}
              </td>
              <td data-label="Load p95" className="num">
                {msText(report.loadMs.p95)}
              </td>
              <td data-label="Render median" className="num">
                {msText(report.renderMs.median)}
              </td>
              <td data-label="Render p95" className="num">
                {msText(report.renderMs.p95)}
              </td>
              <td data-label="Last viewed">{dateTimeText(report.lastViewedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TenantsTable({ tenants }: { tenants: readonly TenantUsageStats[] }) {
  if (tenants.length === 0)
    return <EmptyState title="No views" text="No tenant opened a report in this period." />;
  return (
    <div className="table-wrap">
      <table className="table table--stack analytics-table">
        <caption className="visually-hidden">Views per tenant, most first</caption>
        <thead>
          <tr>
            <th scope="col">Tenant</th>
            <th scope="col" className="num">
              Views
            </th>
            <th scope="col" className="num">
              Viewers
            </th>
            <th scope="col">Last viewed</th>
          </tr>
        </thead>
        <tbody>
          {tenants.map((tenant) => (
            <tr key={tenant.tenantId ?? 'none'}>
              <td data-label="Tenant" className="analytics-table__name">
                {tenant.name ?? 'Super administrators'}
              </td>
              <td data-label="Views" className="num">
                {countText(tenant.views)}
              </td>
              <td data-label="Viewers" className="num">
                {countText(tenant.viewers)}
              </td>
              <td data-label="Last viewed">{dateTimeText(tenant.lastViewedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PeopleTable(props: {
  people: readonly PersonUsageStats[];
  total: number;
  showTenant: boolean;
}) {
  if (props.people.length === 0)
    return <EmptyState title="No views" text="Nobody opened a report in this period." />;
  return (
    <>
      {props.total > props.people.length && (
        <p className="field__hint">
          The {countText(props.people.length)} people with the most views, of{' '}
          {countText(props.total)}.
        </p>
      )}
      <div className="table-wrap">
        <table className="table table--stack analytics-table">
          <caption className="visually-hidden">Views per person, most first</caption>
          <thead>
            <tr>
              <th scope="col">Person</th>
              {props.showTenant && <th scope="col">Tenant</th>}
              <th scope="col" className="num">
                Views
              </th>
              <th scope="col">Last viewed</th>
            </tr>
          </thead>
          <tbody>
            {props.people.map((person) => (
              <tr key={person.userId ?? 'deleted'}>
                <td data-label="Person" className="analytics-table__name">
                  {personText(person)}
                  {person.email && personText(person) !== person.email && (
                    <span className="analytics-table__meta">{person.email}</span>
                  )}
                </td>
                {props.showTenant && <td data-label="Tenant">{person.tenantName ?? '—'}</td>}
                <td data-label="Views" className="num">
                  {countText(person.views)}
                </td>
                <td data-label="Last viewed">{dateTimeText(person.lastViewedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function NotOpenedList(props: { reports: readonly UnopenedReport[]; showTenant: boolean }) {
  if (props.reports.length === 0)
    return (
      <EmptyState
        title="Every report was opened"
        text="Each synchronised report had at least one view in this period."
      />
    );
  return (
    <div className="table-wrap">
      <table className="table table--stack analytics-table">
        <caption className="visually-hidden">Reports nobody opened in this period</caption>
        <thead>
          <tr>
            <th scope="col">Report</th>
            {props.showTenant && <th scope="col">Tenant</th>}
            <th scope="col">Last viewed</th>
          </tr>
        </thead>
        <tbody>
          {props.reports.map((report) => (
            <tr key={report.reportId}>
              <td data-label="Report" className="analytics-table__name">
                {report.name}
              </td>
              {props.showTenant && <td data-label="Tenant">{report.tenantName}</td>}
              <td data-label="Last viewed">
                {report.lastViewedAt ? dateTimeText(report.lastViewedAt) : 'Never'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
