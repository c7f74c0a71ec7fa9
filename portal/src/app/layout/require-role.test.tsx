import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store.ts';
import { AUTH_WAIT_MS, RequireRole } from './require-role.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let root: Root;
let container: HTMLElement;
function renderGuard(roles: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/page', element: <RequireRole roles={roles}>secret page</RequireRole> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/page'] },
  );
  act(() => root.render(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('the route guard (spec §2)', () => {
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
    expect(container.textContent).toBe('secret page');
    const router = renderGuard(['Admin']);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('should let a super admin pass any guard', () => {
    act(() => sessionStore.signIn({ ...viewer, type: 'superadmin', roles: [], tenantId: null }));
    renderGuard([]);
    expect(container.textContent).toBe('secret page');
    act(() => sessionStore.signOut());
    expect(container.textContent).toBe('login page');
  });
});
