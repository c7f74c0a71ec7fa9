import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signInAndLand,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

/**
 * Search, sort and paging of the tenant and user lists live in the URL: a reload, the back button
 * and a link opened by someone else show the same rows.
 */
const TENANTS = ['Acme', 'Beta Corp', 'Acme Europe', 'Gamma', 'Acme Asia', 'Delta', 'Acme Labs'];

const organisations = (page: Page) => page.locator('tbody .org__name').allTextContents();
const emails = (page: Page) => page.locator('tbody .user-email__address').allTextContents();
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('list views in the URL (Chromium, real server)', () => {
  let server: PortalServer;

  beforeAll(async () => {
    server = await startPortalServer();
    const light = [];
    for (const name of TENANTS) light.push(await server.createTenant({ name, theme: 'light' }));
    await server.createPerson({ tenantId: light[0]!.id, role: 'Admin', email: 'ann@acme.test' });
    await server.createPerson({ tenantId: light[0]!.id, role: 'Viewer', email: 'vic@acme.test' });
    const initech = await server.createTenant({ name: 'Initech', theme: 'dark' });
    await server.createPerson({ tenantId: initech.id, role: 'Admin', email: 'bill@initech.test' });
    for (let i = 1; i <= 11; i++)
      await server.createPerson({
        tenantId: initech.id,
        role: 'Viewer',
        email: `staff${i}@initech.test`,
      });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
  }, 120_000);
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('tenants: search, sort and page survive a reload and open the same from a shared link', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await page.goto('/admin/tenants');
    await settled(page);
    await page.getByRole('heading', { name: 'Tenants (8)' }).waitFor();

    await page.getByLabel('Search Tenants').fill('acme');
    await page.getByRole('heading', { name: 'Tenants (4)' }).waitFor();
    await page.getByRole('button', { name: 'Organization' }).click();
    await page.getByRole('button', { name: 'Organization' }).click();
    const header = page.getByRole('columnheader', { name: 'Organization' });
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    expect(await organisations(page)).toEqual(['Acme Labs', 'Acme Europe', 'Acme Asia', 'Acme']);
    expect(params(page)).toEqual({ q: 'acme', sort: 'name', order: 'desc' });

    // Clearing the search keeps the sort; page 2 of 8 sorted descending.
    await page.getByLabel('Search Tenants').fill('');
    await page.getByRole('heading', { name: 'Tenants (8)' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 6 to 8 of 8 results').waitFor();
    const second = await organisations(page);
    expect(second).toEqual(['Acme Europe', 'Acme Asia', 'Acme']);
    expect(params(page)).toEqual({ sort: 'name', order: 'desc', page: '2' });

    await page.reload();
    await settled(page);
    await page.getByText('Showing 6 to 8 of 8 results').waitFor();
    expect(await organisations(page)).toEqual(second);

    // The back button goes to the first page again.
    await page.goBack();
    await page.getByText('Showing 1 to 5 of 8 results').waitFor();

    // Someone else opens the link: same view.
    const other = await openPortal(server.url, { width: 375, height: 740, colorScheme: 'dark' });
    await signInAndLand(other.page, 'root@canopy.test', '/admin');
    await other.page.goto('/admin/tenants?q=acme&sort=name&order=desc');
    await settled(other.page);
    await other.page.getByRole('heading', { name: 'Tenants (4)' }).waitFor();
    expect(await other.page.getByLabel('Search Tenants').inputValue()).toBe('acme');
    expect(await organisations(other.page)).toEqual([
      'Acme Labs',
      'Acme Europe',
      'Acme Asia',
      'Acme',
    ]);
    await expectAccessible(other.page, 'tenants, searched and sorted, 375 px dark');
    expect(
      await other.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });

  it('users: a tenant Admin searches, sorts and pages; the super admin link names the tenant', async () => {
    const { page, errors } = await openPortal(server.url, { width: 375, height: 740 });
    await signInAndLand(page, 'bill@initech.test', '/users');
    await page.getByRole('heading', { name: 'Users (12)' }).waitFor();
    await page.getByLabel('Search Users').fill('staff1');
    // staff1, staff10, staff11.
    await page.getByRole('heading', { name: 'Users (3)' }).waitFor();
    // A phone shows no column headers: its sort is a select.
    await page.getByLabel('Sort by').selectOption({ label: 'Email Z–A' });
    await expect
      .poll(() => emails(page))
      .toEqual(['staff11@initech.test', 'staff10@initech.test', 'staff1@initech.test']);
    await expectAccessible(page, 'tenant users, searched, 375 px dark');

    await page.getByLabel('Search Users').fill('');
    await page.getByLabel('Filter by role').selectOption('Viewer');
    await page.getByRole('heading', { name: 'Users (11)' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 3').waitFor();
    expect(params(page)).toEqual({ sort: 'email', order: 'desc', role: 'Viewer', page: '2' });
    const shown = await emails(page);
    await page.reload();
    await settled(page);
    await page.getByText('Page 2 of 3').waitFor();
    expect(await emails(page)).toEqual(shown);
    expect(await page.getByLabel('Filter by role').inputValue()).toBe('Viewer');

    // A search nobody matches says so.
    await page.getByLabel('Search Users').fill('nobody');
    await page.getByText('No name or email contains "nobody".').waitFor();
    expect(errors).toEqual([]);

    // The same screen in a light-themed tenant, searched, at 375 px.
    const acme = await openPortal(server.url, { width: 375, height: 740 });
    await signInAndLand(acme.page, 'ann@acme.test', '/users');
    await acme.page.goto('/users?q=vic&sort=email');
    await settled(acme.page);
    await acme.page.getByRole('heading', { name: 'Users (1)' }).waitFor();
    expect(await acme.page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expectAccessible(acme.page, 'tenant users, searched, 375 px light');
    expect(acme.errors).toEqual([]);

    const root = await openPortal(server.url);
    await signInAndLand(root.page, 'root@canopy.test', '/admin');
    await root.page.goto('/admin/users');
    await settled(root.page);
    await root.page.getByLabel('Tenant Organization').selectOption({ label: 'Initech' });
    await root.page.getByRole('heading', { name: 'Users (12)' }).waitFor();
    await root.page.getByLabel('Search Users').fill('bill');
    await root.page.getByRole('heading', { name: 'Users (1)' }).waitFor();
    const link = root.page.url();
    expect(new URL(link).searchParams.get('tenant')).toMatch(/^[0-9a-f-]{36}$/);
    await root.page.reload();
    await settled(root.page);
    await root.page.getByRole('heading', { name: 'Users (1)' }).waitFor();
    // The picker shows its value once the list of tenants has loaded.
    await expect
      .poll(() => root.page.getByLabel('Tenant Organization').inputValue())
      .toBe(new URL(link).searchParams.get('tenant'));
    expect(root.errors).toEqual([]);
  });
});
