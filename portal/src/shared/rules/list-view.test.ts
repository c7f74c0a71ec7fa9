import { describe, expect, it } from 'vitest';
import {
  applyListView,
  compareOptional,
  compareText,
  directed,
  nextSort,
  readListView,
  writeListView,
  type ListRules,
} from './list-view.ts';

interface Row {
  name: string;
  email: string;
  seen: number | null;
}
const KEYS = ['name', 'seen'] as const;
const rules: ListRules<Row, (typeof KEYS)[number]> = {
  searchText: (row) => [row.name, row.email],
  compare: {
    name: directed((a, b) => compareText(a.name, b.name)),
    seen: (a, b, direction) =>
      compareOptional((x: number, y: number) => x - y)(a.seen, b.seen, direction),
  },
};
const rows: Row[] = [
  { name: 'user10', email: 'z@acme.test', seen: 3 },
  { name: 'Émile', email: 'emile@acme.test', seen: null },
  { name: 'user2', email: 'a@beta.test', seen: 1 },
  { name: 'anna', email: 'anna@acme.test', seen: 2 },
];
const names = (list: Row[]) => list.map((row) => row.name);

describe('the list view in the URL', () => {
  it('reads search, sort and page, and falls back per part on anything it does not know', () => {
    expect(readListView(new URLSearchParams('q=ac&sort=name&order=desc&page=3'), KEYS)).toEqual({
      search: 'ac',
      sort: { key: 'name', direction: 'desc' },
      page: 3,
    });
    expect(readListView(new URLSearchParams('sort=password&page=-2&order=sideways'), KEYS)).toEqual(
      { search: '', sort: null, page: 1 },
    );
    expect(readListView(new URLSearchParams('sort=seen&order=up&page=1.5'), KEYS)).toEqual({
      search: '',
      sort: { key: 'seen', direction: 'asc' },
      page: 1,
    });
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const base = new URLSearchParams('tenant=t1&q=old&page=4');
    const cleared = writeListView(base, { search: '', sort: null, page: 1 });
    expect(cleared.toString()).toBe('tenant=t1');
    const full = writeListView(base, {
      search: 'ann',
      sort: { key: 'name', direction: 'desc' },
      page: 2,
    });
    expect(Object.fromEntries(full)).toEqual({
      tenant: 't1',
      q: 'ann',
      sort: 'name',
      order: 'desc',
      page: '2',
    });
    // What was written reads back as the same view.
    expect(readListView(full, KEYS)).toEqual({
      search: 'ann',
      sort: { key: 'name', direction: 'desc' },
      page: 2,
    });
    expect(base.toString()).toBe('tenant=t1&q=old&page=4');
  });

  it('sorts a new column ascending and flips the same column', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({
      key: 'name',
      direction: 'asc',
    });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'seen')).toEqual({
      key: 'seen',
      direction: 'asc',
    });
  });
});

describe('applying a view to a loaded list', () => {
  it('finds by any searchable text, ignoring case and surrounding spaces', () => {
    expect(names(applyListView(rows, { search: '  ACME ', sort: null }, rules))).toEqual([
      'user10',
      'Émile',
      'anna',
    ]);
    expect(names(applyListView(rows, { search: 'beta', sort: null }, rules))).toEqual(['user2']);
    expect(applyListView(rows, { search: 'nobody', sort: null }, rules)).toEqual([]);
  });

  it("keeps the server's order without a sort and does not change the list it was given", () => {
    const copy = [...rows];
    expect(applyListView(rows, { search: '', sort: null }, rules)).toEqual(rows);
    applyListView(rows, { search: '', sort: { key: 'name', direction: 'asc' } }, rules);
    expect(rows).toEqual(copy);
  });

  it('sorts text as people read it: accents and case ignored, numbers by value', () => {
    const asc = applyListView(rows, { search: '', sort: { key: 'name', direction: 'asc' } }, rules);
    expect(names(asc)).toEqual(['anna', 'Émile', 'user2', 'user10']);
    const desc = applyListView(
      rows,
      { search: '', sort: { key: 'name', direction: 'desc' } },
      rules,
    );
    expect(names(desc)).toEqual(['user10', 'user2', 'Émile', 'anna']);
  });

  it('puts missing values last in both directions', () => {
    const asc = applyListView(rows, { search: '', sort: { key: 'seen', direction: 'asc' } }, rules);
    expect(names(asc)).toEqual(['user2', 'anna', 'user10', 'Émile']);
    const desc = applyListView(
      rows,
      { search: '', sort: { key: 'seen', direction: 'desc' } },
      rules,
    );
    expect(names(desc)).toEqual(['user10', 'anna', 'user2', 'Émile']);
  });
});
