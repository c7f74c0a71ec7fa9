import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyListView,
  nextSort,
  readListView,
  writeListView,
  type ListRules,
  type ListView,
} from '../rules/list-view.ts';
import { pageCount, pageSlice } from '../rules/pagination.ts';

export interface ListViewOptions<T, K extends string> extends ListRules<T, K> {
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
  const shown = applyListView(items, view, options);
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
    page,
    pages,
    setPage: (next: number) => update({ page: next }),
    /** Matches of the search, all pages. */
    total: shown.length,
    rows: pageSlice(shown, page, options.size),
  };
}
