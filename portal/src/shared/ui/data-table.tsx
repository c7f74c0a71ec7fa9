import type { ReactNode } from 'react';
import type { ListSort } from '../rules/list-view.ts';
import { EmptyState, ErrorCard, SkeletonRows } from './bits.tsx';
import { SortableHeader } from './sortable-header.tsx';

export interface Column<Row, K extends string = never> {
  /** The header text; also the cell's label when rows stack on a phone. */
  header: string;
  /** Sorts the list by this key when the header is clicked (with DataTable's sort/onSort). */
  sortKey?: K;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells (e.g. "num" right-aligns figures). */
  className?: string;
  /** Classes of the column's header cell (e.g. "num" over a column of figures). */
  headerClassName?: string;
  /** Leave out `data-label` (a cell that labels itself, like a name with an avatar). */
  unlabelled?: boolean;
}

/**
 * What the table shows, one at a time: the skeleton while loading, the error alone when the load
 * failed (no stale rows, no "nothing found" next to it), the empty state when there are no rows,
 * else the rows.
 */
export type TableState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

export interface DataTableProps<Row, K extends string = never> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: Column<Row, K>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  state: TableState;
  /** What an empty list says: a title and a hint. */
  empty: { title: string; text?: string };
  /** Skeleton rows while loading (the page size, so the layout does not jump). */
  skeletonRows: number;
  sort?: ListSort<K> | null;
  onSort?: (key: K) => void;
  /** Extra classes on the <table> (e.g. "table--stack" to stack rows on phones). */
  className?: string;
}

/** A list as a table, with the loading, error, empty and filled states that exclude each other. */
export function DataTable<Row, K extends string = never>(props: DataTableProps<Row, K>) {
  const { caption, columns, rows, rowKey, state, empty, skeletonRows, sort, onSort } = props;
  if (state.status === 'error') return <ErrorCard message={state.message} />;
  const loading = state.status === 'loading';
  if (!loading && rows.length === 0) return <EmptyState title={empty.title} text={empty.text} />;
  return (
    <div className="table-wrap">
      <table className={props.className ? `table ${props.className}` : 'table'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              column.sortKey !== undefined && onSort ? (
                <SortableHeader
                  key={column.header}
                  className={column.headerClassName}
                  label={column.header}
                  column={column.sortKey}
                  sort={sort ?? null}
                  onSort={onSort}
                />
              ) : (
                <th key={column.header} scope="col" className={column.headerClassName}>
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <SkeletonRows rows={skeletonRows} columns={columns.length} />
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={column.className}
                    data-label={column.unlabelled ? undefined : column.header}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
