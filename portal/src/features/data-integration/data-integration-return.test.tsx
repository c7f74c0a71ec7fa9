import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../shared/ui/toast-store.ts';
import { useOauthReturn } from './components/use-oauth-return.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';

const view = setupTestRoot();

function Page() {
  useOauthReturn();
  return <p>page</p>;
}

function render(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/data-integration', element: <Page /> },
      { path: '/admin/tenants/:tenantId/data-integration', element: <Page /> },
    ],
    { initialEntries: ['/admin/tenants', entry], initialIndex: 1 },
  );
  const client = new QueryClient();
  act(() =>
    view.root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useOauthReturn', () => {
  it('toasts the success once and replaces the address with the same page without the query', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const path = '/admin/tenants/7d3c1f9e-2b4a-4c6d-8e0f-1a2b3c4d5e6f/data-integration';
    const router = render(`${path}?success=connected&source=Xero`);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(path);
    // Replaced, not pushed: still the second entry, and Back goes where the user came from.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Xero integration connected successfully');
  });

  it('toasts an error return and clears it the same way', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const router = render('/admin/data-integration?error=access_denied');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/admin/data-integration');
    expect(error).toHaveBeenCalledWith(
      'Connection failed: The connection was cancelled at the provider. Nothing was connected.',
    );
  });

  it('leaves an ordinary visit alone', async () => {
    const success = vi.spyOn(toast, 'success');
    const router = render('/admin/data-integration?tab=x');
    await act(async () => {});
    expect(router.state.location.search).toBe('?tab=x');
    expect(router.state.historyAction).toBe('POP');
    expect(success).not.toHaveBeenCalled();
  });
});
