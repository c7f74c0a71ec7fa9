import type { Report } from '@canopy/portal-contract';
import { useState, type ReactNode } from 'react';
import { usePaged } from '../../../shared/hooks/use-page-state.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { filterReports, REPORTS } from '../rules/report-rules.ts';
import { ReportTable, type ReportTableProps } from './report-table.tsx';

export interface ReportListCardProps extends Pick<ReportTableProps, 'viewPath' | 'onManageAccess'> {
  reports: readonly Report[];
  loading: boolean;
  /** Extra controls next to the count heading (the super admin's Sync Reports). */
  actions?: ReactNode;
}

/** Search, "Reports (count)", the table and 10-per-page paging; a new search starts at page 1. */
export function ReportListCard({ reports, loading, actions, ...table }: ReportListCardProps) {
  const [search, setSearch] = useState('');
  const filtered = filterReports(reports, search);
  const paged = usePaged(filtered, REPORTS.pageSize);
  return (
    <Card>
      <div className="report-search">
        <TextField
          label="Search Reports"
          type="search"
          placeholder="Search by report name..."
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            paged.setPage(1);
          }}
        />
      </div>
      <div className="toolbar">
        <h2 className="card__title">Reports ({filtered.length})</h2>
        {actions}
      </div>
      <ReportTable
        rows={paged.rows}
        loading={loading}
        searching={search.trim() !== ''}
        {...table}
      />
      {paged.pages > 1 && (
        <Pagination
          label="Report pages"
          page={paged.page}
          pages={paged.pages}
          size={REPORTS.pageSize}
          total={filtered.length}
          onPage={paged.setPage}
        />
      )}
    </Card>
  );
}
