/**
 * What a list screen shows — its search text, its sort and its page — kept in the URL so that a
 * reload, the back button or a shared link opens the same view. The lists are loaded whole (a
 * tenant's people, all tenants), so searching, sorting and paging happen here, in the browser.
 */
export type SortDirection = 'asc' | 'desc';

export interface ListSort<K extends string> {
  key: K;
  direction: SortDirection;
}

export interface ListView<K extends string> {
  /** Case-insensitive; matched anywhere in an item's searchable text. */
  search: string;
  /** null: the server's order (the order the list had before anyone sorted it). */
  sort: ListSort<K> | null;
  /** 1-based. */
  page: number;
}

/** The URL parameters; short, because people share these links. */
export const LIST_PARAMS = { search: 'q', sort: 'sort', direction: 'order', page: 'page' } as const;

/**
 * Reads a view from the URL. Anything unknown or malformed (a hand-edited link, a column that no
 * longer exists) falls back to the default for that part, so an old link still opens a list.
 */
export function readListView<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
): ListView<K> {
  const key = params.get(LIST_PARAMS.sort);
  const direction = params.get(LIST_PARAMS.direction) === 'desc' ? 'desc' : 'asc';
  const page = Number(params.get(LIST_PARAMS.page));
  return {
    search: params.get(LIST_PARAMS.search) ?? '',
    sort:
      key !== null && (keys as readonly string[]).includes(key)
        ? { key: key as K, direction }
        : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes a view into (a copy of) the URL's parameters; defaults are left out to keep links short. */
export function writeListView<K extends string>(
  params: URLSearchParams,
  view: ListView<K>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) =>
    value === null ? next.delete(name) : next.set(name, value);
  set(LIST_PARAMS.search, view.search === '' ? null : view.search);
  set(LIST_PARAMS.sort, view.sort?.key ?? null);
  set(LIST_PARAMS.direction, view.sort?.direction === 'desc' ? 'desc' : null);
  set(LIST_PARAMS.page, view.page > 1 ? String(view.page) : null);
  return next;
}

/** A column header's click: a new column sorts ascending; the same column flips its direction. */
export function nextSort<K extends string>(current: ListSort<K> | null, key: K): ListSort<K> {
  if (current?.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** Text order people expect in a list: case and accents ignored, "user2" before "user10". */
export const compareText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/** Null last whatever the direction: "Never" signed in is not the oldest sign-in. */
export function compareOptional<T>(compare: (a: T, b: T) => number) {
  return (a: T | null | undefined, b: T | null | undefined, direction: SortDirection) => {
    if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
    return direction === 'asc' ? compare(a, b) : compare(b, a);
  };
}

export interface ListRules<T, K extends string> {
  /** The texts an item is found by (name, email…). */
  searchText: (item: T) => readonly (string | null | undefined)[];
  /** Per sortable column: an ascending comparison, or one that takes the direction itself. */
  compare: Record<K, (a: T, b: T, direction: SortDirection) => number>;
}

/** The items the view shows, before paging: matched by the search, then sorted (stable). */
export function applyListView<T, K extends string>(
  items: readonly T[],
  view: Pick<ListView<K>, 'search' | 'sort'>,
  rules: ListRules<T, K>,
): T[] {
  const needle = view.search.trim().toLocaleLowerCase();
  const matched = needle
    ? items.filter((item) =>
        rules.searchText(item).some((text) => text?.toLocaleLowerCase().includes(needle)),
      )
    : [...items];
  const { sort } = view;
  if (!sort) return matched;
  const compare = rules.compare[sort.key];
  // Array.prototype.sort is stable: equal items keep the server's order.
  return matched.sort((a, b) => compare(a, b, sort.direction));
}

/** Turns an ascending comparison into one that honours the direction. */
export const directed =
  <T>(ascending: (a: T, b: T) => number) =>
  (a: T, b: T, direction: SortDirection) =>
    direction === 'asc' ? ascending(a, b) : ascending(b, a);
