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

/** A KPI tile's figure. */
const tile = (page: Page, label: string) =>
  page.getByRole('region', { name: label, exact: true }).locator('.stat__value');

/** The row of a table (found by its caption) that mentions `text`. */
const row = (page: Page, caption: string, text: string) =>
  page.getByRole('table', { name: caption }).getByRole('row').filter({ hasText: text });

describe('usage analytics (Chromium, real server, emulator)', () => {
  let emulator: RunningEmulator;
  let server: PortalServer;
  let rootToken: string;
  let tenant: { id: string; name: string; powerBiGroupId: string };
  const errors: string[][] = [];

  const api = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const response = await server.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };

  beforeAll(async () => {
    emulator = await startEmulator({ populateNewWorkspaces: false });
    const analytics = localAnalyticsSettings(emulator);
    analytics.template.reportIds = [emulator.sample.securedReportId, emulator.sample.salesReportId];
    server = await startPortalServer({ analytics });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    rootToken = await server.tokenFor('root@canopy.test');
    tenant = await api('POST', '/api/admin/tenants', rootToken, {
      name: 'Acme',
      adminEmail: 'owner@acme.test',
      createPowerBIWorkspace: true,
    });
    await api('POST', '/api/admin/tenants', rootToken, {
      name: 'Globex',
      adminEmail: 'owner@globex.test',
      createPowerBIWorkspace: false,
    });
    const [, second] = emulator.state.reportsIn(tenant.powerBiGroupId);
    second!.definition = { ...second!.definition, name: 'Inventory Health' };
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: 'ann.admin@acme.test' });
    await api('POST', `/api/admin/tenants/${tenant.id}/reports/sync`, rootToken);
  }, 180_000);
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
    await emulator?.close();
  });

  it("records a tenant Admin's opening of a report and shows it on their tenant's analytics", async () => {
    const session = await openPortal(server.url);
    errors.push(session.errors);
    const page = session.page;
    await signInAndLand(page, 'ann.admin@acme.test', '/users');
    await page.goto('/tenant/reports');
    await settled(page);
    await page.getByRole('link', { name: 'View Sales Overview' }).click();
    await page.locator('.report-frame__embed[data-embed-status="rendered"]').waitFor();
    // The SPA's beacon has reached the server.
    await expect
      .poll(
        async () =>
          (await api<{ entries: unknown[] }>('GET', '/api/admin/usage', rootToken)).entries.length,
      )
      .toBe(1);

    await page.goto('/dashboard');
    await settled(page);
    await page.getByRole('link', { name: /Usage Analytics/ }).click();
    await page.waitForURL((url) => url.pathname === '/tenant/analytics');
    await settled(page);
    await page.getByRole('heading', { name: 'Usage Analytics' }).waitFor();
    await expect.poll(() => tile(page, 'Views').textContent()).toBe('1');
    expect(await tile(page, 'Viewers').textContent()).toBe('1');
    expect(await tile(page, 'Median load').textContent()).toMatch(/^[\d,]+ ms$/);
    await row(page, 'Views and load times per report', 'Sales Overview').waitFor();
    await row(page, 'Reports nobody opened in this period', 'Inventory Health').waitFor();
    expect(await row(page, 'Views per person, most first', 'ann.admin@acme.test').count()).toBe(1);
    // No tenant filter and no per-tenant table for a tenant Admin.
    expect(await page.getByLabel('Tenant', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Views per tenant, most first' }).count()).toBe(0);
    // The chart is one image with a title and a summary; its figures are in the table under it.
    const chart = page.getByRole('img', { name: 'Report views per day' });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-labelledby')).toContain('desc');
    await page.getByText('Show the views per day as a table').click();
    const days = page.getByRole('table', { name: 'Report views per day' }).locator('tbody tr');
    expect(await days.count()).toBe(30);
    expect(await days.last().locator('td').last().textContent()).toBe('1');
    await expectAccessible(page, 'tenant usage analytics');
    await session.context.close();
  });

  it('shows the super admin every tenant, then one period and one tenant, kept in the URL', async () => {
    // Two more views through the beacon API, as the SPA sends them.
    const annToken = await server.tokenFor('ann.admin@acme.test');
    const [sales, inventory] = (
      await api<{ reports: { id: string; name: string }[] }>(
        'POST',
        '/api/powerbi/reports',
        annToken,
        { groupId: tenant.powerBiGroupId },
      )
    ).reports.sort((a, b) => b.name.localeCompare(a.name));
    expect([sales!.name, inventory!.name]).toEqual(['Sales Overview', 'Inventory Health']);
    // A person's views of one report count once per few minutes, so the second is someone else's.
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: 'bo.admin@acme.test' });
    const boToken = await server.tokenFor('bo.admin@acme.test');
    // Times under 64 ms are kept to the millisecond (longer ones in buckets about 3 % wide), so
    // the median and p95 below are exact.
    for (const [token, loadMs] of [
      [annToken, 40],
      [boToken, 60],
    ] as const)
      await api('POST', '/api/powerbi/usage', token, {
        reportId: inventory!.id,
        loadMs,
        renderMs: 500,
      });

    const session = await openPortal(server.url, { colorScheme: 'dark' });
    errors.push(session.errors);
    const page = session.page;
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await page.getByRole('link', { name: /System Analytics/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/analytics');
    await settled(page);
    await expect.poll(() => tile(page, 'Views').textContent()).toBe('3');
    const inventoryRow = row(page, 'Views and load times per report', 'Inventory Health');
    await inventoryRow.waitFor();
    // Median of 40 and 60 ms; the p95 interpolates between them.
    expect(await inventoryRow.locator('td[data-label="Load median"]').textContent()).toBe('50 ms');
    expect(await inventoryRow.locator('td[data-label="Load p95"]').textContent()).toBe('59 ms');
    await row(page, 'Views per tenant, most first', 'Acme').waitFor();
    await page.getByText('Every report was opened').waitFor();
    await expectAccessible(page, 'super admin usage analytics (dark)');

    await page.getByRole('button', { name: '7 days' }).click();
    await page.waitForURL((url) => url.searchParams.get('days') === '7');
    // The URL changes before the next render marks the button.
    await expect
      .poll(() => page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByText('over the last 7 days').waitFor();

    const globex = await page
      .getByLabel('Tenant', { exact: true })
      .locator('option', { hasText: 'Globex' })
      .getAttribute('value');
    await page.getByLabel('Tenant', { exact: true }).selectOption({ label: 'Globex' });
    await page.waitForURL((url) => url.searchParams.get('tenant') === globex);
    await expect.poll(() => tile(page, 'Views').textContent()).toBe('0');
    await page.getByText('Nobody opened a report in this period.').first().waitFor();

    // A reload opens the same view.
    await page.reload();
    await settled(page);
    await expect.poll(() => tile(page, 'Views').textContent()).toBe('0');
    // The picker shows its value once the list of tenants has loaded.
    await expect.poll(() => page.getByLabel('Tenant', { exact: true }).inputValue()).toBe(globex);
    await session.context.close();
  });

  it('leaves no page errors behind', () => {
    expect(errors.flat()).toEqual([]);
  });
});
