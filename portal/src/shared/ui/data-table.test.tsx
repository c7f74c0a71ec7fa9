import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setupTestRoot } from '../testing/setup-test-root.ts';
import { DataTable, type Column, type TableState } from './data-table.tsx';

const view = setupTestRoot();

interface Fruit {
  id: string;
  name: string;
  colour: string;
}
type FruitKey = 'name';
const columns: Column<Fruit, FruitKey>[] = [
  { header: 'Name', sortKey: 'name', cell: (fruit) => fruit.name, headerClassName: 'wide' },
  { header: 'Colour', cell: (fruit) => fruit.colour, className: 'num', headerClassName: 'num' },
];
const fruits: Fruit[] = [
  { id: '1', name: 'Apple', colour: 'Red' },
  { id: '2', name: 'Lime', colour: 'Green' },
];

function render(state: TableState, rows: Fruit[], onSort = vi.fn()) {
  act(() =>
    view.root.render(
      <DataTable
        caption="Fruit"
        columns={columns}
        rows={rows}
        rowKey={(fruit) => fruit.id}
        state={state}
        empty={{ title: 'No fruit found', text: 'Add some fruit.' }}
        skeletonRows={3}
        sort={{ key: 'name', direction: 'asc' }}
        onSort={onSort}
      />,
    ),
  );
  return view.container;
}

describe('DataTable', () => {
  it('shows only skeleton rows while loading, even with rows from before', () => {
    const el = render({ status: 'loading' }, fruits);
    expect(el.querySelector('tbody')?.getAttribute('aria-busy')).toBe('true');
    expect(el.querySelectorAll('tbody tr.skeleton-row')).toHaveLength(3);
    expect(el.textContent).not.toContain('Apple');
    expect(el.textContent).not.toContain('No fruit found');
  });

  it('shows the error alone when the load failed: no table, no empty state', () => {
    const el = render({ status: 'error', message: 'Failed to load fruit' }, []);
    expect(el.querySelector('[role="alert"]')?.textContent).toContain('Failed to load fruit');
    expect(el.querySelector('table')).toBeNull();
    expect(el.textContent).not.toContain('No fruit found');
  });

  it('shows the empty state alone when there are no rows', () => {
    const el = render({ status: 'ready' }, []);
    expect(el.querySelector('table')).toBeNull();
    expect(el.textContent).toContain('No fruit found');
    expect(el.textContent).toContain('Add some fruit.');
  });

  it('shows the rows, each cell labelled with its header for stacked phone layouts', () => {
    const el = render({ status: 'ready' }, fruits);
    expect(el.querySelector('caption')?.textContent).toBe('Fruit');
    const cells = [...el.querySelectorAll('tbody td')].map(
      (td) => `${td.getAttribute('data-label')}=${td.textContent}`,
    );
    expect(cells).toEqual(['Name=Apple', 'Colour=Red', 'Name=Lime', 'Colour=Green']);
  });

  it('gives a column its classes on the header and on every cell', () => {
    const el = render({ status: 'ready' }, fruits);
    const headers = [...el.querySelectorAll('thead th')].map((th) => th.className);
    expect(headers).toEqual(['wide', 'num']);
    const cells = [...el.querySelectorAll('tbody tr:first-child td')].map((td) => td.className);
    expect(cells).toEqual(['', 'num']);
  });

  it('sorts through the header of a sortable column and announces the order', () => {
    const onSort = vi.fn();
    const el = render({ status: 'ready' }, fruits, onSort);
    const [name, colour] = [...el.querySelectorAll('thead th')];
    expect(name?.getAttribute('aria-sort')).toBe('ascending');
    expect(colour?.querySelector('button')).toBeNull();
    act(() => name?.querySelector('button')?.click());
    expect(onSort).toHaveBeenCalledWith('name');
  });
});
