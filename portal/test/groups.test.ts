import { readFile } from 'node:fs/promises';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAnalyticsSettings } from '../../server/src/modules/analytics/start-local-analytics.ts';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signInAndLand,
  toast,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

/** The library's status of the report frame, driven by the emulator's `loaded`/`rendered` events. */
const embedStatus = (page: Page, status: string) =>
  page.locator(`.report-frame__embed[data-embed-status="${status}"]`).waitFor();

describe('groups and the access matrix (Chromium, real server, emulator)', () => {
  let emulator: RunningEmulator;
  let server: PortalServer;
  let rootToken: string;
  let tenant: { id: string; name: string; powerBiGroupId: string };
  let root: Page;
  let admin: Page;
  let viewer: Page;
  const errors: string[][] = [];

  const api = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await server.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${rootToken}` },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };

  beforeAll(async () => {
    emulator = await startEmulator({ populateNewWorkspaces: false });
    server = await startPortalServer({ analytics: localAnalyticsSettings(emulator) });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    rootToken = await server.tokenFor('root@canopy.test');
    tenant = await api('POST', '/api/admin/tenants', {
      name: 'Acme',
      adminEmail: 'owner@acme.test',
      createPowerBIWorkspace: true,
    });
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: 'ann.admin@acme.test' });
    await server.createPerson({
      tenantId: tenant.id,
      role: 'Viewer',
      email: 'vic.viewer@acme.test',
    });
    // The reports table in step with the workspace (what the super admin's list does).
    await api('POST', '/api/admin/powerbi/reports', { groupId: tenant.powerBiGroupId });

    const sessions = await Promise.all([1, 2, 3].map(() => openPortal(server.url)));
    [root, admin, viewer] = sessions.map((s) => s.page) as [Page, Page, Page];
    errors.push(...sessions.map((s) => s.errors));
    await signInAndLand(root, 'root@canopy.test', '/admin');
    await signInAndLand(admin, 'ann.admin@acme.test', '/users');
    await signInAndLand(viewer, 'vic.viewer@acme.test', '/tenant/reports');
  }, 180_000);
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
    await emulator?.close();
  });

  it('lets a tenant Admin create a group from the navigation and add a Viewer', async () => {
    await admin.getByRole('link', { name: 'Groups' }).click();
    await admin.waitForURL((url) => url.pathname === '/tenant/groups');
    await settled(admin);
    await admin.getByRole('heading', { name: 'Groups', exact: true }).waitFor();
    await admin.getByText('No groups yet').waitFor();
    await expectAccessible(admin, 'empty groups list');

    await admin.getByLabel('Group name').fill('Sales');
    await admin.getByLabel('Description (optional)').fill('The sales team');
    await admin.getByRole('button', { name: 'Create Group' }).click();
    await toast(admin, 'Group "Sales" created');
    await admin.getByRole('heading', { name: 'Groups (1)' }).waitFor();
    // The same name in another case is refused before the server is asked.
    await admin.getByLabel('Group name').fill('sales');
    await admin.getByRole('button', { name: 'Create Group' }).click();
    await admin.getByText('A group with this name already exists').waitFor();
    await admin.getByLabel('Group name').fill('');
    await expectAccessible(admin, 'groups list');

    await admin.getByRole('link', { name: 'Sales' }).click();
    await admin.getByRole('heading', { name: 'Sales', exact: true }).waitFor();
    await admin.getByRole('heading', { name: 'Members (0)' }).waitFor();
    await admin.getByLabel('Person').selectOption({ label: 'vic.viewer@acme.test' });
    await admin.getByRole('button', { name: 'Add Member' }).click();
    await toast(admin, 'vic.viewer@acme.test added to Sales');
    await admin.getByRole('heading', { name: 'Members (1)' }).waitFor();
    await admin.getByRole('list', { name: 'Members' }).getByText('vic.viewer@acme.test').waitFor();
    await expectAccessible(admin, 'group detail');
  });

  it("grants a report through the Manage Access modal's Groups tab; the Viewer opens it", async () => {
    await root.goto(`/admin/tenants/${tenant.id}/reports`);
    await settled(root);
    await root.getByRole('button', { name: 'Manage Access to Sales Overview' }).click();
    const dialog = root.getByRole('dialog', { name: 'Manage Access' });
    await dialog.getByRole('tab', { name: 'People' }).waitFor();
    await dialog.getByRole('tab', { name: 'Groups' }).click();
    expect(await dialog.getByRole('tab', { name: 'Groups' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const access = dialog.getByRole('switch', { name: 'Access for group Sales' });
    await dialog.getByText('1 member').waitFor();
    expect(await access.isChecked()).toBe(false);
    await expectAccessible(root, 'manage access modal, groups tab');
    await access.click();
    await toast(root, 'Access granted successfully');
    await expect.poll(() => access.isChecked()).toBe(true);
    await root.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await viewer.reload();
    await settled(viewer);
    await viewer.getByRole('heading', { name: 'Reports (1)' }).waitFor();
    await viewer.getByRole('link', { name: 'View Sales Overview' }).click();
    await viewer.getByRole('heading', { name: 'Sales Overview' }).waitFor();
    await embedStatus(viewer, 'rendered');
    await viewer.getByRole('link', { name: 'Back to Reports List' }).click();
    await viewer.waitForURL((url) => url.pathname === '/tenant/reports');
  });

  it('shows why in the access matrix, filters it and exports it as CSV', async () => {
    await admin.getByRole('link', { name: 'Access', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/tenant/access');
    await settled(admin);
    const matrix = admin.getByRole('table');
    const viewerRow = matrix.getByRole('row', { name: /vic\.viewer@acme\.test/ });
    await viewerRow.getByRole('cell', { name: 'Group: Sales' }).waitFor();
    const adminRow = matrix.getByRole('row', { name: /ann\.admin@acme\.test/ });
    await adminRow.getByRole('cell', { name: 'Admin' }).waitFor();
    expect(await matrix.getByRole('columnheader', { name: 'Sales Overview' }).count()).toBe(1);
    // The owner invited with the tenant, the Admin and the Viewer.
    expect(await matrix.getByRole('rowheader').count()).toBe(3);
    await expectAccessible(admin, 'access matrix');

    await admin.getByLabel('Filter people').fill('VIC');
    await expect.poll(() => matrix.getByRole('rowheader').count()).toBe(1);
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^access-matrix-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toBe(
      'Email,Name,Role,Sales Overview\r\nvic.viewer@acme.test,,Viewer,Group: Sales\r\n',
    );
  });

  it('removes the Viewer from the group: the report is gone for them at once', async () => {
    await admin.goto('/tenant/groups');
    await settled(admin);
    await admin.getByRole('link', { name: 'Sales' }).click();
    await admin.getByRole('button', { name: 'Remove vic.viewer@acme.test' }).click();
    await admin
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await toast(admin, 'vic.viewer@acme.test removed from Sales');
    await admin.getByRole('heading', { name: 'Members (0)' }).waitFor();

    await viewer.reload();
    await settled(viewer);
    await viewer.getByText('No reports found').waitFor();
    // Opening it by its address fails like a revoked direct grant.
    const { reports } = await api<{ reports: { id: string; name: string }[] }>(
      'POST',
      '/api/admin/powerbi/reports',
      { groupId: tenant.powerBiGroupId },
    );
    await viewer.goto(`/tenant/reports/${reports[0]?.id}`);
    await toast(viewer, 'Report not found');
    await viewer.getByText('Failed to load report. Please try refreshing the page.').waitFor();

    await admin.getByRole('link', { name: 'Access', exact: true }).click();
    await settled(admin);
    const viewerRow = admin.getByRole('row', { name: /vic\.viewer@acme\.test/ });
    await viewerRow.getByRole('cell', { name: 'No access' }).waitFor();
  });

  it('lets a super admin reach the groups of a tenant, rename and delete one', async () => {
    await root.goto(`/admin/tenants/${tenant.id}/reports`);
    await settled(root);
    await root.getByRole('link', { name: 'Groups' }).click();
    await root.waitForURL((url) => url.pathname === `/admin/tenants/${tenant.id}/groups`);
    await root.getByText('Groups of Acme').waitFor();
    await root.getByRole('button', { name: 'Rename Sales' }).click();
    const rename = root.getByRole('dialog', { name: 'Rename Group' });
    await rename.getByLabel('Group name').fill('Sales EMEA');
    await expectAccessible(root, 'rename group dialog');
    await rename.getByRole('button', { name: 'Save' }).click();
    await toast(root, 'Group "Sales EMEA" updated');
    await root.getByRole('button', { name: 'Delete Sales EMEA' }).click();
    await root
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(root, 'Group "Sales EMEA" deleted');
    await root.getByText('No groups yet').waitFor();
    for (const pageErrors of errors) expect(pageErrors).toEqual([]);
  });
});
