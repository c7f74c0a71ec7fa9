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
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

const toast = (page: Page, text: string) =>
  page.locator('.toast').filter({ hasText: text }).first().waitFor();

/** The library's status of the report frame, driven by the emulator's `loaded`/`rendered` events. */
const embedStatus = (page: Page, status: string) =>
  page.locator(`.report-frame__embed[data-embed-status="${status}"]`).waitFor();

describe('reports: lists, access, embedded views (Chromium, real server, emulator)', () => {
  let emulator: RunningEmulator;
  let server: PortalServer;
  let rootToken: string;
  let tenant: { id: string; name: string; powerBiGroupId: string };
  let admin: Page;
  let viewer: Page;
  const errors: string[][] = [];
  let reportNames: string[];

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
    const analytics = localAnalyticsSettings(emulator);
    // Two template reports, so each tenant's workspace holds two (a Viewer is granted one).
    analytics.template.reportIds = [emulator.sample.securedReportId, emulator.sample.salesReportId];
    server = await startPortalServer({ analytics });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    rootToken = await server.tokenFor('root@canopy.test');
    tenant = await api('POST', '/api/admin/tenants', {
      name: 'Acme',
      adminEmail: 'owner@acme.test',
      createPowerBIWorkspace: true,
    });
    // Two reports with different names (both templates are called "Sales Overview"); the one
    // opened below is the copy of the RLS sample, which the server's tokens are made for.
    const [, second] = emulator.state.reportsIn(tenant.powerBiGroupId);
    second!.definition = { ...second!.definition, name: 'Inventory Health' };
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: 'ann.admin@acme.test' });
    await server.createPerson({
      tenantId: tenant.id,
      role: 'Viewer',
      email: 'vic.viewer@acme.test',
    });
    const { reports } = await api<{ reports: { name: string }[] }>(
      'POST',
      '/api/admin/powerbi/reports',
      { groupId: tenant.powerBiGroupId },
    );
    reportNames = reports.map((report) => report.name).sort();
    expect(reportNames).toEqual(['Inventory Health', 'Sales Overview']);

    const a = await openPortal(server.url);
    const v = await openPortal(server.url);
    admin = a.page;
    viewer = v.page;
    errors.push(a.errors, v.errors);
    await signInAndLand(admin, 'root@canopy.test', '/admin');
    await signInAndLand(viewer, 'vic.viewer@acme.test', '/tenant/reports');
  }, 180_000);
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
    await emulator?.close();
  });

  it('should show a Viewer without grants no reports, with the info toast', async () => {
    await viewer.getByRole('heading', { name: 'Power BI Reports' }).waitFor();
    await viewer.getByText('No reports found').waitFor();
    await viewer.getByText('No Power BI reports are available for this tenant').waitFor();
    await toast(
      viewer,
      'No reports available. Contact your administrator to grant access to reports.',
    );
    await expectAccessible(viewer, 'empty report list');
  });

  it("should list the tenant's reports for the super admin and sync them", async () => {
    await admin.goto(`/admin/tenants/${tenant.id}/reports`);
    await settled(admin);
    await admin.getByRole('heading', { name: 'Acme' }).waitFor();
    await admin.getByText('owner@acme.test').waitFor();
    await admin.getByRole('heading', { name: 'Reports (2)' }).waitFor();
    const names = await admin.locator('tbody .report-name__title').allTextContents();
    expect(names.sort()).toEqual(reportNames);
    await expectAccessible(admin, 'super admin report list');
    await admin.getByRole('button', { name: 'Sync Reports' }).click();
    await toast(admin, 'Reports synced: 2 in the workspace (0 added, 0 removed)');
    // Search narrows the list, case-insensitively.
    await admin.getByLabel('Search Reports').fill('sALES');
    await admin.getByRole('heading', { name: 'Reports (1)' }).waitFor();
    await admin.getByLabel('Search Reports').fill('');
    await admin.getByRole('heading', { name: 'Reports (2)' }).waitFor();
  });

  it('should grant a Viewer one report, and the Viewer should see only that one', async () => {
    const granted = 'Sales Overview';
    await admin.getByRole('button', { name: `Manage Access to ${granted}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Manage Access' });
    await dialog.getByText('ann.admin@acme.test').waitFor();
    // Admins see every report: no switch for them.
    const adminRow = dialog.locator('li', { hasText: 'ann.admin@acme.test' });
    await adminRow.getByText('Admin Access').waitFor();
    expect(await adminRow.getByRole('switch').count()).toBe(0);
    const access = dialog.getByRole('switch', { name: 'Access for vic.viewer@acme.test' });
    expect(await access.isChecked()).toBe(false);
    await expectAccessible(admin, 'manage access modal');
    await access.click();
    await toast(admin, 'Access granted successfully');
    await expect.poll(() => access.isChecked()).toBe(true);
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await viewer.reload();
    await settled(viewer);
    await viewer.getByRole('heading', { name: 'Reports (1)' }).waitFor();
    expect(await viewer.locator('tbody .report-name__title').allTextContents()).toEqual([granted]);
    await expectAccessible(viewer, 'tenant report list');
  });

  it('should open the granted report, render it, and go fullscreen and back', async () => {
    const granted = 'Sales Overview';
    await viewer.getByRole('link', { name: `View ${granted}` }).click();
    await viewer.getByRole('heading', { name: granted }).waitFor();
    await embedStatus(viewer, 'rendered');
    await viewer.getByText('Loading report...').waitFor({ state: 'detached' });
    expect(await viewer.locator('.report-frame iframe').count()).toBe(1);
    await expectAccessible(viewer, 'tenant report view');

    await viewer.getByRole('button', { name: 'Enter Fullscreen' }).click();
    const view = viewer.locator('section.report-view');
    await viewer.locator('.report-view--fullscreen').waitFor();
    const box = await view.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 800 });
    // The report is transparent and its frame has no border or colour in fullscreen: no band of
    // another colour around the canvas, whatever the theme.
    const reportFrame = viewer.locator('.report-frame');
    expect(
      await reportFrame.evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.borderTopWidth, style.backgroundColor];
      }),
    ).toEqual(['0px', 'rgba(0, 0, 0, 0)']);
    const inside = await viewer
      .frameLocator('.report-frame iframe')
      .locator('html')
      .evaluate(() =>
        ['html', 'body', '.cv-canvas-wrap'].map(
          (selector) => getComputedStyle(document.querySelector(selector)!).backgroundColor,
        ),
      );
    expect(inside).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    // Same colour scheme as the document inside, or Chromium paints the frame opaque.
    expect(
      await viewer
        .locator('.report-frame iframe')
        .evaluate((el) => getComputedStyle(el).colorScheme),
    ).toBe('light');
    await viewer.keyboard.press('Escape');
    await viewer.locator('.report-view--fullscreen').waitFor({ state: 'detached' });
    await viewer.getByRole('button', { name: 'Enter Fullscreen' }).waitFor();
    // The report was not reloaded by the fullscreen switch.
    expect(await viewer.locator('.report-frame iframe').count()).toBe(1);

    // The load and render times reached the usage log.
    const { entries } = await api<{ entries: { reportId: string; renderMs: number }[] }>(
      'GET',
      `/api/admin/usage?tenantId=${tenant.id}`,
    );
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect(entries[0]!.renderMs).toBeGreaterThanOrEqual(0);

    await viewer.getByRole('link', { name: 'Back to Reports List' }).click();
    await viewer.waitForURL((url) => url.pathname === '/tenant/reports');
  });

  it("should revoke the grant, and the Viewer's list should follow", async () => {
    const granted = 'Sales Overview';
    await admin.getByRole('button', { name: `Manage Access to ${granted}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Manage Access' });
    const access = dialog.getByRole('switch', { name: 'Access for vic.viewer@acme.test' });
    await expect.poll(() => access.isChecked()).toBe(true);
    await access.click();
    await toast(admin, 'Access removed successfully');
    await expect.poll(() => access.isChecked()).toBe(false);
    await dialog.locator('.dialog__actions').getByRole('button', { name: 'Close' }).click();

    await viewer.reload();
    await settled(viewer);
    await viewer.getByText('No reports found').waitFor();
    expect(await viewer.locator('tbody tr').count()).toBe(0);

    // Opening it by its address now fails with "Report not found" and the way back to the list.
    const { reports } = await api<{ reports: { id: string; name: string }[] }>(
      'POST',
      '/api/admin/powerbi/reports',
      { groupId: tenant.powerBiGroupId },
    );
    const revoked = reports.find((report) => report.name === granted);
    await viewer.goto(`/tenant/reports/${revoked?.id}`);
    await toast(viewer, 'Report not found');
    await viewer.getByText('Failed to load report. Please try refreshing the page.').waitFor();
    await viewer.getByRole('link', { name: 'Back to Reports List' }).click();
    await viewer.waitForURL((url) => url.pathname === '/tenant/reports');
  });

  it('should show the super admin "<tenant> - <report>", rendered, and "Report not found."', async () => {
    const name = 'Sales Overview';
    await admin.getByRole('link', { name: `View ${name}` }).click();
    await admin.getByRole('heading', { name: `Acme - ${name}` }).waitFor();
    await embedStatus(admin, 'rendered');
    await expectAccessible(admin, 'super admin report view');

    await admin.goto(`/admin/tenants/${tenant.id}/reports/00000000-0000-4000-8000-000000000000`);
    await admin.getByText('Report not found.').waitFor();
  });

  it('should renew the embed token before it expires, without reloading the report', async () => {
    const { page, context, errors: pageErrors } = await openPortal(server.url);
    errors.push(pageErrors);
    // The page's clock is Playwright's, so an hour can pass at once.
    await page.clock.install();
    await signInAndLand(page, 'root@canopy.test', '/admin');
    let tokenCalls = 0;
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/powerbi/embed-token') tokenCalls += 1;
    });
    await page.goto(`/admin/tenants/${tenant.id}/reports`);
    await page.getByRole('link', { name: 'View Sales Overview' }).click();
    await embedStatus(page, 'rendered');
    expect(tokenCalls).toBe(1);
    await page.locator('.report-frame iframe').evaluate((frame) => {
      frame.dataset.original = 'yes';
    });

    // Tokens last 60 minutes (CANOPY_EMBED_TOKEN_MINUTES); the library renews 2 minutes ahead.
    await page.clock.fastForward('57:00');
    expect(tokenCalls).toBe(1);
    await page.clock.fastForward('01:30');
    await expect.poll(() => tokenCalls).toBe(2);
    // The same frame, still rendered, no failure text: the token went into the live report.
    expect(await page.locator('.report-frame iframe[data-original="yes"]').count()).toBe(1);
    await embedStatus(page, 'rendered');
    expect(await page.getByText('Failed to load report').count()).toBe(0);
    await context.close();
  });

  it('should explain a missing workspace, an unknown tenant and an invalid tenant id', async () => {
    const bare = await server.createTenant({ name: 'Bare' });
    await admin.goto(`/admin/tenants/${bare.id}/reports`);
    await admin.getByText('No Power BI Workspace').waitFor();
    await admin.goto('/admin/tenants/00000000-0000-4000-8000-000000000000/reports');
    await admin.getByRole('heading', { name: 'Tenant not found' }).waitFor();
    await expectAccessible(admin, 'tenant not found');
    await admin.goto('/admin/tenants/not-a-tenant/reports');
    await admin.getByRole('heading', { name: 'Invalid Tenant ID' }).waitFor();
    await admin.getByRole('link', { name: 'Back to Tenants' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/tenants');
    expect(errors.flat()).toEqual([]);
  });
});
