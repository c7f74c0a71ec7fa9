import type { Report } from '@canopy/portal-contract';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReportListCard } from './components/report-list-card.tsx';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';

const view = setupTestRoot();

const report = (index: number, name: string): Report => ({
  id: `${String(index).padStart(8, '0')}-aaaa-bbbb-cccc-dddddddddddd`,
  name,
  lastRefreshTime: null,
  createdBy: null,
  embedUrl: 'https://app.powerbi.com/reportEmbed',
});

// 23 reports: 12 "Sales …" and 11 "Stock …" → three pages of 10.
const REPORTS = Array.from({ length: 23 }, (_, i) =>
  report(i + 1, i % 2 === 0 ? `Sales Region ${i + 1}` : `Stock Level ${i + 1}`),
);

function render(reports: Report[], loading = false) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ReportListCard
          reports={reports}
          loading={loading}
          viewPath={(r) => `/tenant/reports/${r.id}`}
        />
      ),
    },
  ]);
  act(() => view.root.render(<RouterProvider router={router} />));
}

const text = () => view.container.textContent ?? '';
const rowNames = () =>
  [...view.container.querySelectorAll('tbody tr .report-name__title')].map((el) => el.textContent);
const button = (name: string) =>
  [...view.container.querySelectorAll('button')].find((b) => b.textContent === name)!;
const search = (value: string) => {
  const input = view.container.querySelector<HTMLInputElement>('input[type="search"]')!;
  act(() => {
    // React listens for the native input event; set the value the way a browser would.
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

describe('report list: paging, search, empty states', () => {
  it('shows 10 reports per page with the "Showing x to y of z results" text', () => {
    render(REPORTS);
    expect(text()).toContain('Reports (23)');
    expect(rowNames()).toHaveLength(10);
    expect(text()).toContain('Showing 1 to 10 of 23 results');
    act(() => button('Next').click());
    act(() => button('Next').click());
    expect(text()).toContain('Showing 21 to 23 of 23 results');
    expect(rowNames()).toHaveLength(3);
    expect(button('Next').disabled).toBe(true);
  });

  it('shows the initials and the first 8 characters of the id in each row', () => {
    render([report(7, 'Sales Overview')]);
    expect(view.container.querySelector('.report-name__initials')?.textContent).toBe('SO');
    expect(view.container.querySelector('.report-name__id')?.textContent).toBe('Id 00000007');
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe(
      `/tenant/reports/${report(7, 'x').id}`,
    );
  });

  it('filters case-insensitively and goes back to page 1 on a new search', () => {
    render(REPORTS);
    act(() => button('Next').click());
    expect(text()).toContain('Showing 11 to 20 of 23 results');
    search('sTOCK');
    expect(text()).toContain('Reports (11)');
    expect(text()).toContain('Showing 1 to 10 of 11 results');
    expect(rowNames().every((name) => name?.startsWith('Stock'))).toBe(true);
    search('stock level 3');
    // The Stock reports are the even numbers 2 to 22: none contains "stock level 3".
    expect(text()).toContain('No reports found');
    expect(text()).toContain('Try adjusting your search criteria');
  });

  it('hides the pagination on a single page', () => {
    render(REPORTS.slice(0, 10));
    expect(rowNames()).toHaveLength(10);
    expect(view.container.querySelector('nav.pagination')).toBeNull();
  });

  it('shows 5 skeleton rows while loading and the no-reports text for an empty tenant', () => {
    render([], true);
    expect(view.container.querySelectorAll('tbody tr.skeleton-row')).toHaveLength(5);
    render([]);
    expect(text()).toContain('No reports found');
    expect(text()).toContain('No Power BI reports are available for this tenant');
  });
});
