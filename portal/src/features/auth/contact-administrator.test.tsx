import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';
import LoginPage from './routes/login-page.tsx';

const view = setupTestRoot();

afterEach(() => vi.unstubAllGlobals());

/** No server runs in this tier: fetch answers GET /api/auth/contact as the server would. */
async function renderLogin(supportEmail: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ supportEmail }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  act(() => sessionStore.signOut());
  const router = createMemoryRouter([{ path: '/', element: <LoginPage /> }]);
  act(() =>
    view.root.render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await act(() =>
    vi.waitFor(() => expect(view.container.textContent).toContain('Need an account?')),
  );
}

describe('Contact Administrator on the sign-in page', () => {
  it('writes to the configured address', async () => {
    await renderLogin('help@acme.example');
    await act(() =>
      vi.waitFor(() =>
        expect(view.container.querySelector('a[href^="mailto:"]')?.getAttribute('href')).toBe(
          'mailto:help@acme.example',
        ),
      ),
    );
  });

  it('without one, offers no made-up address and says whom to ask', async () => {
    await renderLogin(null);
    expect(view.container.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(view.container.textContent).toContain("Ask your organization's administrator.");
  });
});
