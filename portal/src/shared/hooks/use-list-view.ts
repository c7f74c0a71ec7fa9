import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyListView,
  nextSort,
  readListView,
  writeListView,
  type ListRules,
  type ListSort,
  type ListView,
} from '../rules/list-view.ts';
import { pageCount, pageSlice } from '../rules/pagination.ts';

/** A narrowing of the list chosen from fixed values (the role filter), kept in the URL too. */
export interface ListFilter<T> {
  values: readonly string[];
  matches: (item: T, value: string) => boolean;
}

export interface ListViewOptions<T, K extends string> extends ListRules<T, K> {
  /** By URL parameter name. A constant (module-level) object. */
  filters?: Record<string, ListFilter<T>>;
  size: number;
  /** While the list loads it is empty: a link's page 3 must not be taken for a page past the end. */
  loading: boolean;
  /** A constant (module-level) list: the columns a link may sort by. */
  sortKeys: readonly K[];
}

/**
 * Search, sort and paging of a loaded list, kept in the URL (see rules/list-view.ts). A new search
 * or sort starts at page 1; a page past the end (after a delete, or from an old link) shows the last.
 * Typing replaces the history entry instead of adding one per key.
 */
export function useListView<T, K extends string>(
  items: readonly T[],
  options: ListViewOptions<T, K>,
) {
  const [params, setParams] = useSearchParams();
  const view = readListView(params, options.sortKeys);
  const filters = options.filters ?? {};
  const chosen = (name: string) => {
    const value = params.get(name);
    return value !== null && filters[name]?.values.includes(value) ? value : null;
  };
  const narrowed = Object.entries(filters).reduce<readonly T[]>((list, [name, filter]) => {
    const value = chosen(name);
    return value === null ? list : list.filter((item) => filter.matches(item, value));
  }, items);
  const shown = applyListView(narrowed, view, options);
  const pages = pageCount(shown.length, options.size);
  const page = Math.min(view.page, pages);

  const update = (change: Partial<ListView<K>>, replace = false) =>
    setParams(
      (current) =>
        writeListView(current, { ...readListView(current, options.sortKeys), ...change }),
      {
        replace,
      },
    );

  // Say the page really shown, so a shared link does not point past the end.
  const pastEnd = !options.loading && view.page > pages;
  const { sortKeys } = options;
  useEffect(() => {
    if (!pastEnd) return;
    setParams(
      (current) => writeListView(current, { ...readListView(current, sortKeys), page: pages }),
      { replace: true },
    );
  }, [pastEnd, pages, setParams, sortKeys]);

  return {
    search: view.search,
    setSearch: (search: string) => update({ search, page: 1 }, true),
    sort: view.sort,
    sortBy: (key: K) => update({ sort: nextSort(view.sort, key), page: 1 }),
    setSort: (sort: ListSort<K> | null) => update({ sort, page: 1 }),
    page,
    pages,
    setPage: (next: number) => update({ page: next }),
    /** The value of a filter, or null for all. */
    filter: chosen,
    /** A new filter value starts at page 1, like a new search. */
    setFilter: (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = writeListView(current, {
            ...readListView(current, options.sortKeys),
            page: 1,
          });
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    /** Matches of the search, all pages. */
    total: shown.length,
    rows: pageSlice(shown, page, options.size),
  };
}
