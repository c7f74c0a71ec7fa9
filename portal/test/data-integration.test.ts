import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localAnalyticsSettings,
  localXeroConfig,
} from '../../server/src/modules/analytics/start-local-analytics.ts';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signInAndLand,
  toast,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

/** The source card by its heading (each card is an article named by its source). */
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** React Router keeps its entry index in history.state: 0 means the return replaced its entry. */
const historyIndex = (page: Page) =>
  page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx);

describe('data integration: the OAuth loop against the local Xero (Chromium, real server)', () => {
  let emulator: RunningEmulator;
  let server: PortalServer;
  let page: Page;
  let errors: string[];
  // Acme uses the light theme, Globex the dark one (the tenant page wears the tenant's theme).
  let acme: { id: string; name: string };
  let globex: { id: string; name: string };

  beforeAll(async () => {
    emulator = await startEmulator({ populateNewWorkspaces: false });
    server = await startPortalServer({
      analytics: localAnalyticsSettings(emulator),
      xero: localXeroConfig(emulator),
    });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    const token = await server.tokenFor('root@canopy.test');
    const create = async (name: string, theme: 'light' | 'dark') => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/admin/tenants',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          name,
          adminEmail: `owner@${name.toLowerCase()}.test`,
          createPowerBIWorkspace: true,
          theme,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string; name: string }>();
    };
    acme = await create('Acme', 'light');
    globex = await create('Globex', 'dark');
    const session = await openPortal(server.url);
    page = session.page;
    errors = session.errors;
    await signInAndLand(page, 'root@canopy.test', '/admin');
  }, 180_000);

  afterAll(async () => {
    await closeBrowser();
    await server?.close();
    await emulator?.close();
  });

  it('should reach the tenant page from the tenants table and list the catalogue', async () => {
    await page.goto('/admin/tenants');
    await settled(page);
    await page.getByRole('link', { name: 'Data Integration of Acme' }).click();
    await page.waitForURL(`**/admin/tenants/${acme.id}/data-integration`);
    await settled(page);
    await page.getByRole('heading', { name: 'Data Integration', level: 1 }).waitFor();
    await page.getByText('Connect and manage the external data sources of Acme.').waitFor();
    await page.getByRole('heading', { name: 'Available Data Sources' }).waitFor();
    for (const name of ['Xero', 'Xero Practice Manager', 'Salesforce', 'QuickBooks'])
      await card(page, name).waitFor();
    expect(await page.getByTestId('active-connections').textContent()).toBe('0');
    expect(await page.getByRole('heading', { name: 'Active Integrations' }).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('light');
    await expectAccessible(page, 'tenant data integration, light, no integrations');
  });

  it('should say a non-OAuth source is coming soon', async () => {
    await card(page, 'Salesforce').getByRole('button', { name: 'Connect' }).click();
    await toast(page, 'This integration type is coming soon');
    expect(new URL(page.url()).pathname).toBe(`/admin/tenants/${acme.id}/data-integration`);
  });

  it('should come back with an explained error when consent is cancelled', async () => {
    await card(page, 'Xero').getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${emulator.xeroUrl}/`));
    await page.getByRole('heading', { name: 'Allow access' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`**/admin/tenants/${acme.id}/data-integration`);
    await toast(page, 'Connection failed: The connection was cancelled at the provider.');
    expect(new URL(page.url()).search).toBe('');
    await card(page, 'Xero').getByRole('button', { name: 'Connect' }).waitFor();
  });

  it('should connect Xero through the consent page and come back connected', async () => {
    await card(page, 'Xero').getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${emulator.xeroUrl}/`));
    await page.getByRole('button', { name: 'Allow access' }).click();
    await toast(page, 'Xero integration connected successfully');
    await page.waitForURL((url) => url.pathname === `/admin/tenants/${acme.id}/data-integration`);
    expect(new URL(page.url()).search).toBe('');
    expect(await historyIndex(page)).toBe(0);

    const connected = card(page, 'Xero').getByRole('button', { name: 'Connected' });
    await connected.waitFor();
    expect(await connected.isDisabled()).toBe(true);
    await card(page, 'Xero').getByText('Connected', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByTestId('active-connections').textContent()).toBe('1');
    // XPM is another source: still connectable.
    expect(
      await card(page, 'Xero Practice Manager')
        .getByRole('button', { name: 'Connect' })
        .isEnabled(),
    ).toBe(true);

    await page.getByRole('heading', { name: 'Active Integrations' }).waitFor();
    const headers = await page.locator('.integrations-table thead th').allTextContents();
    expect(headers).toEqual([
      'Source',
      'Status',
      'Fabric Dataset',
      'Last Sync',
      'Connected',
      'Actions',
    ]);
    const row = page.locator('.integrations-table tbody tr');
    expect(await row.count()).toBe(1);
    await row.getByText('Canopy Demo Company').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Not configured').waitFor();
    expect(await row.getByTestId('last-sync').textContent()).toBe('Never');
    await expectAccessible(page, 'tenant data integration, light, connected');
  });

  it('should sync now and show the last sync and the dataset', async () => {
    const row = page.locator('.integrations-table tbody tr');
    await row.getByRole('button', { name: 'Sync now: Xero' }).click();
    // The local Xero's demo organisation has 120 sales invoices: one row each.
    await toast(page, 'Xero synced: 120 rows loaded');
    await expect
      .poll(() => row.getByTestId('last-sync').textContent())
      .toMatch(/^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s?[AP]M$/);
    await row.locator('.dataset-id').waitFor();
    expect(await row.getByRole('button', { name: 'Sync now: Xero' }).isEnabled()).toBe(true);
  });

  it('should list the integration with its tenant on the unscoped page', async () => {
    await page.getByRole('link', { name: 'Data Integration', exact: true }).click();
    await page.waitForURL('**/admin/data-integration');
    await settled(page);
    await page.getByText('Connect and manage external data sources for your tenants.').waitFor();
    await page.getByRole('heading', { name: 'Active Integrations' }).waitFor();
    const headers = await page.locator('.integrations-table thead th').allTextContents();
    expect(headers).toEqual(['Source', 'Tenant', 'Status', 'Last Sync', 'Actions']);
    const row = page.locator('.integrations-table tbody tr');
    await row.getByRole('link', { name: 'Acme' }).waitFor();
    expect(await row.getByTestId('last-sync').textContent()).not.toBe('Never');
    expect(await page.getByTestId('active-connections').textContent()).toBe('1');
    // Before a tenant is picked no card speaks for one: Acme's Xero is not shown as "Connected".
    await card(page, 'Xero').getByRole('button', { name: 'Connect' }).waitFor();

    // Connect needs a tenant here: the picker says so and takes the focus.
    await card(page, 'Xero Practice Manager').getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Select a tenant first').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tenant-picker');
    // Picking a tenant narrows the cards to it: Globex has no Xero, Acme has.
    await page.getByLabel('Connect for tenant').selectOption({ label: 'Globex' });
    await card(page, 'Xero').getByRole('button', { name: 'Connect' }).waitFor();
    await page.getByLabel('Connect for tenant').selectOption({ label: 'Acme' });
    await card(page, 'Xero').getByRole('button', { name: 'Connected' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark');
    await expectAccessible(page, 'unscoped data integration, dark');
    // A super admin outside a tenant always gets the dark theme; the light tokens are checked too.
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await expectAccessible(page, 'unscoped data integration, light tokens');
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  });

  it('should connect for the tenant picked on the unscoped page and return to its page', async () => {
    await page.getByLabel('Connect for tenant').selectOption({ label: 'Globex' });
    await card(page, 'Xero Practice Manager').getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${emulator.xeroUrl}/`));
    await page.getByRole('button', { name: 'Allow access' }).click();
    await toast(page, 'Xero Practice Manager integration connected successfully');
    await page.waitForURL((url) => url.pathname === `/admin/tenants/${globex.id}/data-integration`);
    expect(new URL(page.url()).search).toBe('');
    await card(page, 'Xero Practice Manager').getByRole('button', { name: 'Connected' }).waitFor();
    await card(page, 'Xero').getByRole('button', { name: 'Connect' }).waitFor();
    // Its data cannot be synchronised yet: the row says so instead of offering Sync now.
    const row = page
      .locator('.integrations-table tbody tr')
      .filter({ hasText: 'Xero Practice Manager' });
    await row.getByText('Sync coming soon').waitFor();
    expect(await row.getByRole('button', { name: /Sync now/ }).count()).toBe(0);
  });

  it('should pass axe on the dark tenant page', async () => {
    await page.goto(`/admin/tenants/${globex.id}/data-integration`);
    await settled(page);
    await page.locator('.integrations-table').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark');
    await expectAccessible(page, 'tenant data integration, dark');
  });

  it('should disconnect after confirmation and make the source available again', async () => {
    await page.goto(`/admin/tenants/${acme.id}/data-integration`);
    await settled(page);
    const row = page.locator('.integrations-table tbody tr');
    await row.getByRole('button', { name: 'Disconnect Xero' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByText('Disconnect Xero from Acme?', { exact: false }).waitFor();
    await expectAccessible(page, 'disconnect confirmation');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await toast(page, 'Integration disconnected successfully');
    await page.getByRole('heading', { name: 'Active Integrations' }).waitFor({ state: 'detached' });
    await card(page, 'Xero').getByRole('button', { name: 'Connect' }).waitFor();
    expect(await page.getByTestId('active-connections').textContent()).toBe('0');
    // The row and its button are gone: the focus stays on the page, at the source list.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Available Data Sources',
    );
  });

  it('should show a spinner while loading, then the list', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/data-sources', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/data-integration');
    const spinner = page.getByRole('status').filter({ hasText: 'Loading data sources' });
    await spinner.waitFor();
    expect(await page.locator('.source-card').count()).toBe(0);
    release();
    await card(page, 'Xero').waitFor();
    expect(await spinner.count()).toBe(0);
    await page.unroute('**/api/admin/data-sources');
  });

  it('should say so when the integrations cannot be fetched', async () => {
    await page.route('**/api/admin/integrations', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal error' } }),
    );
    await page.reload();
    await settled(page);
    await toast(page, 'Failed to fetch integrations');
    await page
      .locator('.di-banner[role="alert"]', { hasText: 'Failed to fetch integrations' })
      .waitFor();
    await page.unroute('**/api/admin/integrations');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.di-banner').waitFor({ state: 'detached' });
    await page.locator('.integrations-table').waitFor();
  });

  it('should show the fallback sources when the catalogue fails', async () => {
    await page.route('**/api/admin/data-sources', (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await page.reload();
    await settled(page);
    await toast(page, 'Failed to load data sources from API, using fallback data');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to load data sources' })
      .first()
      .waitFor();
    const names = await page.locator('.source-card__name').allTextContents();
    expect(names).toEqual(['Xero', 'Xero Practice Manager']);
    await page.unroute('**/api/admin/data-sources');
  });

  it('should fit a 375 px phone without sideways scrolling, rows stacked as cards', async () => {
    const phone = await openPortal(server.url, { width: 375, height: 740, colorScheme: 'dark' });
    await signInAndLand(phone.page, 'root@canopy.test', '/admin');
    for (const path of [
      `/admin/tenants/${globex.id}/data-integration`,
      '/admin/data-integration',
    ]) {
      await phone.page.goto(path);
      await settled(phone.page);
      await phone.page.locator('.integrations-table').waitFor();
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(375);
      // Each row is a stacked card whose cells carry their column's label.
      expect(
        await phone.page
          .locator('.integrations-table tbody tr')
          .first()
          .evaluate((row) => getComputedStyle(row).display),
      ).toBe('block');
      await expectAccessible(phone.page, `${path} at 375 px`);
    }
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('should refuse an invalid or unknown tenant', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`/admin/tenants/${id}/data-integration`);
      await settled(page);
      await page.getByText('Invalid tenant ID. Please navigate from the tenants page.').waitFor();
      await page.getByRole('link', { name: 'Back to Tenants' }).waitFor();
    }
    expect(errors).toEqual([]);
  });
});
