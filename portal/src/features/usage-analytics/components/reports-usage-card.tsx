import type { ReportUsageStats } from '@canopy/portal-contract';
import type { useListView } from '../../../shared/hooks/use-list-view.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import type { ReportSortKey } from '../rules/analytics-rules.ts';
import { ReportsTable } from './analytics-tables.tsx';

type ReportList = ReturnType<typeof useListView<ReportUsageStats, ReportSortKey>>;

/** The per-report table with its search and pages (the list view lives in the URL). */
export function ReportsUsageCard(props: {
  list: ReportList;
  pageSize: number;
  showTenant: boolean;
}) {
  const { list } = props;
  return (
    <Card>
      <div className="list-controls">
        <SearchField
          label="Search Reports"
          placeholder="Search by report or tenant..."
          value={list.search}
          onSearch={list.setSearch}
        />
      </div>
      <h2 className="card__title">Reports ({list.total})</h2>
      <ReportsTable
        reports={list.rows}
        showTenant={props.showTenant}
        search={list.search}
        sort={list.sort}
        onSort={list.sortBy}
      />
      {list.pages > 1 && (
        <Pagination
          label="Report pages"
          page={list.page}
          pages={list.pages}
          size={props.pageSize}
          total={list.total}
          onPage={list.setPage}
        />
      )}
    </Card>
  );
}
