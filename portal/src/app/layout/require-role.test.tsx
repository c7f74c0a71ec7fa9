import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store.ts';
import { AUTH_WAIT_MS, RequireRole, SUPER_ADMINS_ONLY } from './require-role.tsx';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';

const view = setupTestRoot();

const viewer = {
  id: 'a0b1c2d3-0000-4000-8000-000000000001',
  email: 'vic@acme.test',
  type: 'tenant-user' as const,
  roles: ['Viewer'],
  tenantId: 'a0b1c2d3-0000-4000-8000-000000000002',
  theme: 'dark' as const,
  primaryColor: '#2563eb',
  token: 't',
};

function renderGuard(roles: readonly string[], tenantOnly = false) {
  const router = createMemoryRouter(
    [
      {
        path: '/page',
        element: (
          <RequireRole roles={roles} tenantOnly={tenantOnly}>
            secret page
          </RequireRole>
        ),
      },
      { path: '/login', element: <p>login page</p> },
      { path: '/admin', element: <p>admin home</p> },
    ],
    { initialEntries: ['/page'] },
  );
  act(() => view.root.render(<RouterProvider router={router} />));
  return router;
}

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('the route guard', () => {
  it('should wait 3 s while the auth state is unknown, then send the person to /login', () => {
    vi.useFakeTimers();
    expect(sessionStore.getState().status).toBe('unknown');
    const router = renderGuard(['Admin']);
    act(() => {
      vi.advanceTimersByTime(AUTH_WAIT_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/page');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('should let a role from the list pass and send anyone else to /login', () => {
    act(() => sessionStore.signIn(viewer));
    renderGuard(['Admin', 'Viewer']);
    expect(view.container.textContent).toBe('secret page');
    const router = renderGuard(['Admin']);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('should let a super admin pass any guard', () => {
    act(() => sessionStore.signIn({ ...viewer, type: 'superadmin', roles: [], tenantId: null }));
    renderGuard(SUPER_ADMINS_ONLY);
    expect(view.container.textContent).toBe('secret page');
    act(() => sessionStore.signOut());
    expect(view.container.textContent).toBe('login page');
  });

  it('should keep every tenant role out of a super-admins-only screen', () => {
    act(() => sessionStore.signIn({ ...viewer, roles: ['Admin', 'Viewer'] }));
    const router = renderGuard(SUPER_ADMINS_ONLY);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('should send a super admin from a tenant-only screen (dashboard, settings) to /admin', () => {
    act(() => sessionStore.signIn({ ...viewer, type: 'superadmin', roles: [], tenantId: null }));
    const router = renderGuard(['Admin'], true);
    expect(router.state.location.pathname).toBe('/admin');
    expect(view.container.textContent).toBe('admin home');
  });

  it('should still let a tenant Admin into a tenant-only screen', () => {
    act(() => sessionStore.signIn({ ...viewer, roles: ['Admin'] }));
    renderGuard(['Admin'], true);
    expect(view.container.textContent).toBe('secret page');
  });
});
