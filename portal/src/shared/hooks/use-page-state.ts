import { useEffect, useState } from 'react';
import { pageCount, pageSlice } from '../rules/pagination.ts';

/** Client-side paging of a loaded list; the page is clamped when the list shrinks (after a delete). */
export function usePaged<T>(items: readonly T[], size: number) {
  const [page, setPage] = useState(1);
  const pages = pageCount(items.length, size);
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const current = Math.min(page, pages);
  return { page: current, pages, setPage, rows: pageSlice(items, current, size) };
}
