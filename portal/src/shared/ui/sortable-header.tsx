import type { ListSort } from '../rules/list-view.ts';

export interface SortableHeaderProps<K extends string> {
  label: string;
  column: K;
  sort: ListSort<K> | null;
  onSort: (column: K) => void;
  className?: string;
}

/**
 * A column header that sorts the list: a button inside the header cell, with `aria-sort` on the
 * cell so screen readers announce the order, and an arrow for everyone else.
 */
export function SortableHeader<K extends string>({
  label,
  column,
  sort,
  onSort,
  className,
}: SortableHeaderProps<K>) {
  const direction = sort?.key === column ? sort.direction : null;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
    >
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span className="sort-button__arrow" aria-hidden="true">
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
