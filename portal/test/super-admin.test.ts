import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signInAndLand,
  toast,
} from './support/browser.ts';
import { solidPng } from './support/png.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

describe('super admin: tenants and users (Chromium, real server)', () => {
  let server: PortalServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startPortalServer();
    // Six tenants: two pages of five.
    const acme = await server.createTenant({ name: 'Acme' });
    for (let i = 1; i <= 5; i++) await server.createTenant({ name: `Tenant 0${i}` });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    await server.createPerson({ tenantId: acme.id, role: 'Admin', email: 'ann.admin@acme.test' });
    await server.createPerson({ tenantId: acme.id, role: 'Viewer', email: 'vic.viewer@acme.test' });
    ({ page, errors } = await openPortal(server.url));
    await signInAndLand(page, 'root@canopy.test', '/admin');
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('should show the dashboard figures', async () => {
    const figure = (label: string) =>
      page.getByRole('region', { name: label, exact: true }).locator('.stat__value');
    await figure('Total Tenants').waitFor();
    expect(await figure('Total Tenants').textContent()).toBe('6');
    expect(await figure('Active Tenants').textContent()).toBe('6');
    expect(await figure('Inactive Tenants').textContent()).toBe('0');
    // Super administrators are not counted (GET /api/admin/users counts people of tenants).
    expect(await figure('Total Users').textContent()).toBe('2');
  });

  it('should page through the tenants five at a time', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Tenants' })
      .click();
    await page.getByRole('heading', { name: 'Tenant Management' }).waitFor();
    await settled(page);
    await page.getByText('Showing 1 to 5 of 6 results').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(5);
    await expectAccessible(page, 'tenant management');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 6 to 6 of 6 results').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Showing 1 to 5 of 6 results').waitFor();
  });

  it('should validate, upload a logo and create a tenant from the modal', async () => {
    await page.getByRole('button', { name: 'Add Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Tenant' });
    await dialog.waitFor();
    for (const section of ['Basic Information', 'Organization Branding', 'Power BI Integration'])
      await dialog.getByRole('group', { name: section }).waitFor();
    await expectAccessible(page, 'tenant modal');
    await dialog.getByRole('button', { name: 'Create Tenant' }).click();
    await dialog.getByText('Organization name is required').waitFor();
    await dialog.getByLabel('Organization Name').fill('Globex');
    await dialog.getByLabel('Admin Email').fill('boss@globex.test');
    // Upload Logo waits for a chosen file.
    expect(await dialog.getByRole('button', { name: 'Upload Logo' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'globex.png',
      mimeType: 'image/png',
      buffer: solidPng([220, 38, 38]),
    });
    await dialog.getByRole('button', { name: 'Upload Logo' }).click();
    await toast(page, 'Logo uploaded successfully');
    await dialog.getByRole('img', { name: 'Logo preview' }).waitFor();
    // No analytics service runs in this suite, so no workspace is asked for.
    await dialog.getByLabel('Create Power BI Workspace').uncheck();
    await dialog.getByRole('button', { name: 'Create Tenant' }).click();
    await toast(page, 'Tenant "Globex" created successfully');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Showing 1 to 5 of 7 results').waitFor();
  });

  it('should close the modal on Escape, then reset its form', async () => {
    await page.getByRole('button', { name: 'Add Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Tenant' });
    await dialog.getByLabel('Organization Name').fill('Half-typed');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add Tenant' }).click();
    expect(
      await page
        .getByRole('dialog', { name: 'Add New Tenant' })
        .getByLabel('Organization Name')
        .inputValue(),
    ).toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('should edit a tenant (status only in edit mode, no Power BI section)', async () => {
    // The list is sorted by name: Globex is on the first page.
    await page.getByRole('button', { name: 'Edit Globex' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Tenant' });
    await dialog.waitFor();
    expect(await dialog.getByRole('group', { name: 'Power BI Integration' }).count()).toBe(0);
    await dialog.getByLabel('Status').selectOption('inactive');
    await dialog.getByLabel('Theme').selectOption('light');
    await dialog.getByRole('button', { name: 'Update Tenant' }).click();
    await toast(page, 'Tenant "Globex" updated successfully');
    const row = page.locator('tr', { hasText: 'Globex' });
    await row.getByText('Inactive').waitFor();
    await row.getByText('Light theme').waitFor();
    expect(await row.locator('img.org__logo').count()).toBe(1);
  });

  it('should delete a tenant after confirming "Are you sure…"', async () => {
    await page.getByRole('button', { name: 'Delete Globex' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm
      .getByText('Are you sure you want to delete tenant "Globex"? This action cannot be undone.')
      .waitFor();
    await expectAccessible(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Tenant "Globex" deleted successfully');
    await page.getByText('Showing 1 to 5 of 6 results').waitFor();
  });

  it('should create, re-role, filter and delete users of a tenant', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'Please select a tenant first');
    await page.getByLabel('Tenant Organization').selectOption({ label: 'Acme' });
    await page.getByRole('heading', { name: 'Users (2)' }).waitFor();
    await expectAccessible(page, 'super admin users');
    expect(
      await page.locator('tr', { hasText: 'vic.viewer@acme.test' }).getByText('Never').count(),
    ).toBe(1);

    await page.getByLabel('Email Address').fill('new.person@acme.test');
    await page.getByLabel('Role', { exact: true }).selectOption('Viewer');
    await page.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User "new.person@acme.test" added as Viewer');
    await page.getByRole('heading', { name: 'Users (3)' }).waitFor();

    const row = page.locator('tr', { hasText: 'new.person@acme.test' });
    await row.getByRole('button', { name: 'Edit new.person@acme.test' }).click();
    const select = page.getByLabel('Role for new.person@acme.test');
    expect(await select.inputValue()).toBe('Viewer');
    await select.selectOption('Admin');
    await row.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Role updated successfully');
    await row.locator('.badge', { hasText: 'Admin' }).waitFor();

    await page.getByLabel('Filter by role').selectOption('Admin');
    await page.getByRole('heading', { name: 'Users (2)' }).waitFor();
    expect(await page.locator('tbody tr', { hasText: 'vic.viewer@acme.test' }).count()).toBe(0);
    await page.getByLabel('Filter by role').selectOption('all');

    await row.getByRole('button', { name: 'Delete new.person@acme.test' }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByText('Are you sure you want to delete this user?')
      .waitFor();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'User deleted successfully');
    await page.getByRole('heading', { name: 'Users (2)' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('should fold the navigation behind a Menu button on a 375 px phone', async () => {
    const phone = await openPortal(server.url, { width: 375, height: 740 });
    await signInAndLand(phone.page, 'root@canopy.test', '/admin');
    const nav = phone.page.getByRole('navigation', { name: 'Main' });
    const menu = phone.page.getByRole('button', { name: 'Menu', exact: true });
    expect(await nav.isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // Every link is on screen, none cut off at the edge.
    for (const name of ['Dashboard', 'Tenants', 'Users', 'Data Integration']) {
      const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
    }
    await expectAccessible(phone.page, 'phone menu');
    await nav.getByRole('link', { name: 'Tenants' }).click();
    await phone.page.getByRole('heading', { name: 'Tenant Management' }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
