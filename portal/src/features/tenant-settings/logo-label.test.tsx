import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';
import TenantSettingsPage from './routes/tenant-settings-page.tsx';

const view = setupTestRoot();

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('tenant settings', () => {
  it('names the logo picker once', async () => {
    act(() =>
      sessionStore.signIn({
        id: 'a0b1c2d3-0000-4000-8000-000000000001',
        email: 'ann@acme.test',
        type: 'tenant-user',
        roles: ['Admin'],
        tenantId: 'a0b1c2d3-0000-4000-8000-000000000002',
        theme: 'light',
        primaryColor: '#2563eb',
        token: 't',
      }),
    );
    // No server runs in this tier: fetch answers the settings as the server would.
    const settings = {
      logoUrl: null,
      primaryColor: '#2563eb',
      theme: 'light',
      powerBiGroupId: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify(settings), {
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const router = createMemoryRouter([{ path: '/', element: <TenantSettingsPage /> }]);
    act(() =>
      view.root.render(
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
    );
    await act(() =>
      vi.waitFor(() => expect(view.container.textContent).toContain('Save Settings')),
    );
    const named = [...view.container.querySelectorAll('h2, h3, label, legend')].filter(
      (el) => el.textContent?.trim() === 'Logo',
    );
    expect(named).toHaveLength(1);
  });
});
