import type {
  PersonUsageStats,
  ReportUsageStats,
  TenantUsageStats,
  UnopenedReport,
} from '@canopy/portal-contract';
import { dateTimeText } from '../../../shared/rules/format-date.ts';
import type { ListSort } from '../../../shared/rules/list-view.ts';
import { DataTable, type Column } from '../../../shared/ui/data-table.tsx';
import {
  countText,
  msText,
  personText,
  reportText,
  type ReportSortKey,
} from '../rules/analytics-rules.ts';

/** The tables are shown once the figures are in: no loading or error state of their own. */
const READY = { status: 'ready' } as const;
const TABLE = 'table--stack analytics-table';
const NAME = 'analytics-table__name';
/** A column of figures: right-aligned, its header too. */
const FIGURES = { className: 'num', headerClassName: 'num' };

/** The Tenant column, on the super admin's view across tenants. */
const tenantColumn = <Row extends { tenantName: string | null }>(): Column<Row> => ({
  header: 'Tenant',
  cell: (row) => row.tenantName ?? '—',
});

const reportColumns = (showTenant: boolean): Column<ReportUsageStats, ReportSortKey>[] => [
  { header: 'Report', sortKey: 'name', cell: reportText, className: NAME },
  ...(showTenant ? [tenantColumn<ReportUsageStats>()] : []),
  { header: 'Views', sortKey: 'views', cell: (r) => countText(r.views), className: 'num' },
  { header: 'Viewers', sortKey: 'viewers', cell: (r) => countText(r.viewers), className: 'num' },
  {
    header: 'Load median',
    sortKey: 'loadMedian',
    cell: (r) => msText(r.loadMs.median),
    className: 'num',
  },
  { header: 'Load p95', sortKey: 'loadP95', cell: (r) => msText(r.loadMs.p95), className: 'num' },
  {
    header: 'Render median',
    sortKey: 'renderMedian',
    cell: (r) => msText(r.renderMs.median),
    className: 'num',
  },
  {
    header: 'Render p95',
    sortKey: 'renderP95',
    cell: (r) => msText(r.renderMs.p95),
    className: 'num',
  },
  { header: 'Last viewed', sortKey: 'lastViewed', cell: (r) => dateTimeText(r.lastViewedAt) },
];

/** Per report: views, viewers, median and p95 load and render times, last view. Sortable. */
export function ReportsTable(props: {
  reports: readonly ReportUsageStats[];
  showTenant: boolean;
  search: string;
  sort: ListSort<ReportSortKey> | null;
  onSort: (column: ReportSortKey) => void;
}) {
  const search = props.search.trim();
  return (
    <DataTable
      caption="Views and load times per report"
      className={TABLE}
      columns={reportColumns(props.showTenant)}
      rows={props.reports}
      rowKey={(report) => report.reportId}
      state={READY}
      skeletonRows={0}
      sort={props.sort}
      onSort={props.onSort}
      empty={{
        title: 'No reports opened',
        text: search
          ? `No report or tenant name contains "${search}".`
          : 'Nobody opened a report in this period.',
      }}
    />
  );
}

const TENANT_COLUMNS: Column<TenantUsageStats>[] = [
  { header: 'Tenant', cell: (t) => t.name ?? 'Super administrators', className: NAME },
  { header: 'Views', cell: (t) => countText(t.views), ...FIGURES },
  { header: 'Viewers', cell: (t) => countText(t.viewers), ...FIGURES },
  { header: 'Last viewed', cell: (t) => dateTimeText(t.lastViewedAt) },
];

export function TenantsTable({ tenants }: { tenants: readonly TenantUsageStats[] }) {
  return (
    <DataTable
      caption="Views per tenant, most first"
      className={TABLE}
      columns={TENANT_COLUMNS}
      rows={tenants}
      rowKey={(tenant) => tenant.tenantId ?? 'none'}
      state={READY}
      skeletonRows={0}
      empty={{ title: 'No views', text: 'No tenant opened a report in this period.' }}
    />
  );
}

/** A person's name, with the address under it when the name is not the address. */
function PersonCell({ person }: { person: PersonUsageStats }) {
  const name = personText(person);
  return (
    <>
      {name}
      {person.email && name !== person.email && (
        <span className="analytics-table__meta">{person.email}</span>
      )}
    </>
  );
}

const peopleColumns = (showTenant: boolean): Column<PersonUsageStats>[] => [
  { header: 'Person', cell: (person) => <PersonCell person={person} />, className: NAME },
  ...(showTenant ? [tenantColumn<PersonUsageStats>()] : []),
  { header: 'Views', cell: (person) => countText(person.views), ...FIGURES },
  { header: 'Last viewed', cell: (person) => dateTimeText(person.lastViewedAt) },
];

export function PeopleTable(props: {
  people: readonly PersonUsageStats[];
  total: number;
  showTenant: boolean;
}) {
  const shown = props.people.length;
  return (
    <>
      {shown > 0 && props.total > shown && (
        <p className="field__hint">
          The {countText(shown)} people with the most views, of {countText(props.total)}.
        </p>
      )}
      <DataTable
        caption="Views per person, most first"
        className={TABLE}
        columns={peopleColumns(props.showTenant)}
        rows={props.people}
        rowKey={(person) => person.userId ?? 'deleted'}
        state={READY}
        skeletonRows={0}
        empty={{ title: 'No views', text: 'Nobody opened a report in this period.' }}
      />
    </>
  );
}

const notOpenedColumns = (showTenant: boolean): Column<UnopenedReport>[] => [
  { header: 'Report', cell: (report) => report.name, className: NAME },
  ...(showTenant ? [tenantColumn<UnopenedReport>()] : []),
  {
    header: 'Last viewed',
    cell: (report) => (report.lastViewedAt ? dateTimeText(report.lastViewedAt) : 'Never'),
  },
];

export function NotOpenedList(props: { reports: readonly UnopenedReport[]; showTenant: boolean }) {
  return (
    <DataTable
      caption="Reports nobody opened in this period"
      className={TABLE}
      columns={notOpenedColumns(props.showTenant)}
      rows={props.reports}
      rowKey={(report) => report.reportId}
      state={READY}
      skeletonRows={0}
      empty={{
        title: 'Every report was opened',
        text: 'Each synchronised report had at least one view in this period.',
      }}
    />
  );
}
