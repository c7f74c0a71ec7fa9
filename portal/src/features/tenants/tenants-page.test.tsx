import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';
import TenantsPage from './routes/tenants-page.tsx';

const view = setupTestRoot();

afterEach(() => vi.unstubAllGlobals());

function render(answer: () => Response, url = '/admin/tenants') {
  // No server runs in this tier: fetch answers as the server would.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answer())),
  );
  const client = createQueryClient();
  // The one retry of a 5xx is the query layer's business, not this screen's.
  client.setDefaultOptions({ queries: { retry: false } });
  act(() =>
    view.root.render(
      <MemoryRouter initialEntries={[url]}>
        <QueryClientProvider client={client}>
          <TenantsPage />
        </QueryClientProvider>
      </MemoryRouter>,
    ),
  );
}

const text = () => view.container.textContent ?? '';
/** Waits (inside act, so React applies the query's updates) until the screen shows `expected`. */
const shows = (expected: string) => act(() => vi.waitFor(() => expect(text()).toContain(expected)));

describe('tenant list: a failed load is not an empty list', () => {
  it('shows "Failed to fetch tenants" alone, without "No tenants found" under it', async () => {
    render(() => new Response(JSON.stringify({ error: 'Internal error' }), { status: 500 }));
    await shows('Failed to fetch tenants');
    expect(text()).not.toContain('No tenants found');
  });

  it('shows the empty state when the list really is empty', async () => {
    render(
      () =>
        new Response(JSON.stringify({ tenants: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await shows('No tenants found');
    expect(text()).not.toContain('Failed to fetch tenants');
  });
});

const tenant = (n: number, name: string) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  adminEmail: `admin@${name.toLowerCase().replace(/\s+/g, '-')}.test`,
  status: n % 2 ? 'active' : 'inactive',
  logoUrl: null,
  primaryColor: '#2563eb',
  theme: 'light',
  powerBiGroupId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const many = () =>
  new Response(
    JSON.stringify({
      tenants: ['Acme', 'Beta Corp', 'Gamma', 'Acme Europe', 'Delta', 'Acme Asia', 'Zeta'].map(
        (name, i) => tenant(i + 1, name),
      ),
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
const names = () =>
  [...view.container.querySelectorAll('tbody .org__name')].map((cell) => cell.textContent);

describe('tenant list: the view a link describes', () => {
  it('opens with the search, sort and page of the URL', async () => {
    render(many, '/admin/tenants?q=acme&sort=name&order=desc');
    await shows('Tenants (3)');
    expect(names()).toEqual(['Acme Europe', 'Acme Asia', 'Acme']);
    const search = view.container.querySelector<HTMLInputElement>('input[type=search]');
    expect(search?.value).toBe('acme');
    const header = [...view.container.querySelectorAll('th')].find((th) =>
      th.textContent?.startsWith('Organization'),
    );
    expect(header?.getAttribute('aria-sort')).toBe('descending');
  });

  it('shows the second page of a sorted list, and the last page for a page past the end', async () => {
    render(many, '/admin/tenants?sort=name&page=2');
    await shows('Showing 6 to 7 of 7 results');
    expect(names()).toEqual(['Gamma', 'Zeta']);
  });

  it('shows the last page for a page past the end (after deletes, or an old link)', async () => {
    render(many, '/admin/tenants?sort=name&page=9');
    await shows('Showing 6 to 7 of 7 results');
    expect(names()).toEqual(['Gamma', 'Zeta']);
  });

  it('says nothing matched the search instead of inviting to add a tenant', async () => {
    render(many, '/admin/tenants?q=nobody');
    await shows('No tenants found');
    expect(text()).toContain('No tenant name or admin email contains "nobody".');
  });
});
