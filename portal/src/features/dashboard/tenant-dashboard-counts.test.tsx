import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';
import TenantDashboardPage from './routes/tenant-dashboard-page.tsx';

const view = setupTestRoot();
const TENANT = 'a0b1c2d3-0000-4000-8000-000000000002';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** No server runs in this tier: fetch answers the settings and the report list as it would. */
function serverWith(powerBiGroupId: string | null, reportCount: number) {
  const reports = Array.from({ length: reportCount }, (_, i) => ({
    id: `0000000${i}-aaaa-bbbb-cccc-dddddddddddd`,
    name: `Report ${i}`,
    lastRefreshTime: null,
    createdBy: null,
    embedUrl: 'https://app.powerbi.com/reportEmbed',
  }));
  const fetch = vi.fn((path: string) =>
    Promise.resolve(
      path === '/api/powerbi/reports'
        ? json({ reports })
        : json({ logoUrl: null, primaryColor: '#2563eb', theme: 'dark', powerBiGroupId }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function renderDashboard() {
  act(() =>
    sessionStore.signIn({
      id: 'a0b1c2d3-0000-4000-8000-000000000001',
      email: 'vic.viewer@acme.test',
      type: 'tenant-user',
      roles: ['Viewer'],
      tenantId: TENANT,
      theme: 'dark',
      primaryColor: '#2563eb',
      token: 't',
    }),
  );
  const router = createMemoryRouter([{ path: '/', element: <TenantDashboardPage /> }]);
  act(() =>
    view.root.render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await act(() => vi.waitFor(() => expect(view.container.querySelector('.skeleton')).toBeNull()));
}

const availableReports = () =>
  [...view.container.querySelectorAll('section')].find((s) =>
    s.textContent?.includes('Available Reports'),
  )?.textContent;

describe('tenant dashboard: Available Reports is the real count', () => {
  it('shows the number of reports the person may open (1, not the old placeholder 3)', async () => {
    serverWith('workspace-1', 1);
    await renderDashboard();
    expect(availableReports()).toMatch(/Available Reports\s*1/);
  });

  it('shows 0 for a tenant without a workspace, without asking for reports', async () => {
    const fetch = serverWith(null, 3);
    await renderDashboard();
    expect(availableReports()).toMatch(/Available Reports\s*0/);
    expect(fetch.mock.calls.map((call) => call[0])).not.toContain('/api/powerbi/reports');
  });
});
