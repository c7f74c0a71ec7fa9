import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { homePath } from '../shared/session/home-path.ts';
import { useAuthState } from '../shared/session/use-session.ts';
import { RequireRole, SUPER_ADMINS_ONLY } from './layout/require-role.tsx';
import { RootLayout } from './layout/root-layout.tsx';

const TENANT = ['Admin', 'Viewer'] as const;

/** Code-split per route: each screen is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A guarded, lazily loaded screen. */
const guarded = (
  path: string,
  roles: readonly string[],
  load: () => Promise<{ default: ComponentType }>,
  options: { tenantOnly?: boolean } = {},
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = (await load()).default;
    return {
      Component: () => (
        <RequireRole roles={roles} tenantOnly={options.tenantOnly}>
          <Screen />
        </RequireRole>
      ),
    };
  },
});

function RootRedirect() {
  const state = useAuthState();
  // While the session is being checked, wait (the guard's 3 s rule applies on the target).
  if (state.status === 'unknown') return null;
  return <Navigate to={homePath(state)} replace />;
}

/**
 * Every screen's path and who may open it (docs/portal.md lists them). No errorElement: React
 * Router's default one shows "Unexpected Application Error!", the text wanted for an unhandled
 * route error.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', Component: RootRedirect },
      { path: '/login', lazy: page(() => import('../features/auth/routes/login-page.tsx')) },
      {
        path: '/forgot-password',
        lazy: page(() => import('../features/auth/routes/forgot-password-page.tsx')),
      },
      {
        path: '/reset-password',
        lazy: page(() => import('../features/auth/routes/reset-password-page.tsx')),
      },
      {
        path: '/oauth/callback',
        lazy: page(() => import('../features/auth/routes/oauth-callback-page.tsx')),
      },
      {
        // Outside the shell: a session restricted to this set-up may open nothing the bar links to.
        path: '/two-step-setup',
        lazy: page(() => import('../features/auth/routes/enrolment-page.tsx')),
      },
      {
        // Lazy too: the shell (branding, top bar) and the API schemas it needs stay out of /login.
        lazy: async () => ({ Component: (await import('./layout/app-shell.tsx')).AppShell }),
        children: [
          guarded(
            '/admin',
            SUPER_ADMINS_ONLY,
            () => import('../features/dashboard/routes/admin-dashboard-page.tsx'),
          ),
          guarded(
            '/admin/tenants',
            SUPER_ADMINS_ONLY,
            () => import('../features/tenants/routes/tenants-page.tsx'),
          ),
          guarded(
            '/admin/users',
            SUPER_ADMINS_ONLY,
            () => import('../features/users/routes/admin-users-page.tsx'),
          ),
          guarded(
            '/admin/data-integration',
            SUPER_ADMINS_ONLY,
            () => import('../features/data-integration/routes/admin-data-integration-page.tsx'),
          ),
          guarded(
            '/admin/audit',
            SUPER_ADMINS_ONLY,
            () => import('../features/audit-log/routes/audit-log-page.tsx'),
          ),
          guarded(
            '/admin/analytics',
            SUPER_ADMINS_ONLY,
            () => import('../features/usage-analytics/routes/usage-analytics-page.tsx'),
          ),
          guarded(
            '/admin/tenants/:tenantId/reports',
            SUPER_ADMINS_ONLY,
            () => import('./routes/admin-tenant-reports-route.tsx'),
          ),
          guarded(
            '/admin/tenants/:tenantId/reports/:reportId',
            SUPER_ADMINS_ONLY,
            () => import('../features/reports/routes/admin-report-page.tsx'),
          ),
          guarded(
            '/admin/tenants/:tenantId/groups',
            SUPER_ADMINS_ONLY,
            () => import('../features/groups/routes/groups-page.tsx'),
          ),
          guarded(
            '/admin/tenants/:tenantId/groups/:groupId',
            SUPER_ADMINS_ONLY,
            () => import('../features/groups/routes/group-detail-page.tsx'),
          ),
          guarded(
            '/admin/tenants/:tenantId/subscriptions',
            SUPER_ADMINS_ONLY,
            () => import('../features/subscriptions/routes/tenant-subscriptions-page.tsx'),
          ),
          guarded(
            '/admin/tenants/:tenantId/access',
            SUPER_ADMINS_ONLY,
            () => import('../features/groups/routes/access-matrix-page.tsx'),
          ),
          guarded(
            '/admin/tenants/:tenantId/data-integration',
            SUPER_ADMINS_ONLY,
            () => import('../features/data-integration/routes/tenant-data-integration-page.tsx'),
          ),
          guarded(
            '/dashboard',
            TENANT,
            () => import('../features/dashboard/routes/tenant-dashboard-page.tsx'),
            { tenantOnly: true },
          ),
          guarded(
            '/users',
            ['Admin'],
            () => import('../features/users/routes/tenant-users-page.tsx'),
          ),
          guarded(
            '/tenant/users',
            TENANT,
            () => import('../features/users/routes/tenant-users-page.tsx'),
          ),
          guarded(
            '/tenant/groups',
            ['Admin'],
            () => import('../features/groups/routes/groups-page.tsx'),
            { tenantOnly: true },
          ),
          guarded(
            '/tenant/groups/:groupId',
            ['Admin'],
            () => import('../features/groups/routes/group-detail-page.tsx'),
            { tenantOnly: true },
          ),
          guarded(
            '/tenant/access',
            ['Admin'],
            () => import('../features/groups/routes/access-matrix-page.tsx'),
            { tenantOnly: true },
          ),
          guarded(
            '/tenant/reports',
            TENANT,
            () => import('../features/reports/routes/tenant-reports-page.tsx'),
          ),
          guarded(
            '/tenant/reports/:reportId',
            TENANT,
            () => import('./routes/tenant-report-route.tsx'),
          ),
          // Everyone signed in: super administrators pass every guard, tenant people by role.
          guarded('/account', TENANT, () => import('../features/account/routes/account-page.tsx')),
          guarded(
            '/account/subscriptions',
            TENANT,
            () => import('../features/subscriptions/routes/my-subscriptions-page.tsx'),
            { tenantOnly: true },
          ),
          guarded(
            '/tenant/subscriptions',
            ['Admin'],
            () => import('../features/subscriptions/routes/tenant-subscriptions-page.tsx'),
            { tenantOnly: true },
          ),
          guarded(
            '/tenant/analytics',
            ['Admin'],
            () => import('../features/usage-analytics/routes/usage-analytics-page.tsx'),
            { tenantOnly: true },
          ),
          guarded(
            '/tenant/settings',
            ['Admin'],
            () => import('../features/tenant-settings/routes/tenant-settings-page.tsx'),
            { tenantOnly: true },
          ),
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
