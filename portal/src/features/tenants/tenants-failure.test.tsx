import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';
import TenantsPage from './routes/tenants-page.tsx';

const view = setupTestRoot();

afterEach(() => vi.unstubAllGlobals());

function render(answer: () => Response) {
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
      <QueryClientProvider client={client}>
        <TenantsPage />
      </QueryClientProvider>,
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
