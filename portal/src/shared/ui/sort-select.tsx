import type { ListSort, SortDirection } from '../rules/list-view.ts';
import { SelectField } from './field.tsx';

export interface SortChoice<K extends string> {
  key: K;
  /** What each direction reads as ("Email A–Z", "Last signed in, newest first"). */
  asc: string;
  desc: string;
}

/**
 * The sort of a stacked table on a phone, where the column headers are not shown: one select with
 * every column in both directions. Hidden on wider screens, where the headers sort.
 */
export function SortSelect<K extends string>({
  choices,
  sort,
  onSort,
}: {
  choices: readonly SortChoice<K>[];
  sort: ListSort<K> | null;
  onSort: (sort: ListSort<K> | null) => void;
}) {
  const value = sort ? `${sort.key}:${sort.direction}` : '';
  return (
    <div className="sort-select">
      <SelectField
        label="Sort by"
        value={value}
        onChange={(event) => {
          const [key, direction] = event.target.value.split(':') as [K, SortDirection];
          onSort(event.target.value ? { key, direction } : null);
        }}
      >
        <option value="">Default order</option>
        {choices.flatMap((choice) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${choice.key}:${direction}`} value={`${choice.key}:${direction}`}>
              {choice[direction]}
            </option>
          )),
        )}
      </SelectField>
    </div>
  );
}
