/**
 * Rows per page: 5 tenants and 5 tenant users (docs/portal.md); the super admin's user list shows
 * 10, and so does its skeleton.
 */
export const PAGE_SIZE = { tenants: 5, tenantUsers: 5, adminUsers: 10 } as const;

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export function pageSlice<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** "Showing x to y of z results" (x and y are 1-based; an empty list shows 0 to 0). */
export function showingText(page: number, size: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(page * size, total);
  return `Showing ${from} to ${to} of ${total} results`;
}

export const pageOfText = (page: number, pages: number) => `Page ${page} of ${pages}`;
