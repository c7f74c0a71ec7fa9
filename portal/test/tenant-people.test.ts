import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableSurface } from '../src/shared/rules/brightness.ts';
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

/** The row of a person, on whichever page of the list it is. */
async function findRow(page: Page, email: string) {
  const row = page.locator('tbody tr', { hasText: email });
  await page.getByRole('button', { name: 'Previous' }).waitFor();
  while ((await row.count()) === 0) {
    const next = page.getByRole('button', { name: 'Next' });
    if (await next.isDisabled()) throw new Error(`${email} is on no page`);
    await next.click();
  }
  return row;
}
const topBarColour = (page: Page) =>
  page.locator('header.topbar').evaluate((bar) => getComputedStyle(bar).backgroundColor);
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('tenant Admin and Viewer (Chromium, real server)', () => {
  let server: PortalServer;

  beforeAll(async () => {
    server = await startPortalServer();
    const initech = await server.createTenant({
      name: 'Initech',
      primaryColor: '#2563eb',
      theme: 'dark',
    });
    const other = await server.createTenant({ name: 'Other Co' });
    await server.createPerson({
      tenantId: initech.id,
      role: 'Admin',
      email: 'bill.lumbergh@initech.test',
    });
    await server.createPerson({
      tenantId: initech.id,
      role: 'Viewer',
      email: 'milton@initech.test',
    });
    for (let i = 1; i <= 4; i++)
      await server.createPerson({
        tenantId: initech.id,
        role: 'Viewer',
        email: `staff${i}@initech.test`,
      });
    await server.createPerson({ tenantId: other.id, role: 'Viewer', email: 'outsider@other.test' });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('should let an Admin manage the people of their own tenant only', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'bill.lumbergh@initech.test', '/users');
    await page.getByText('Tenant Admin', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Users (6)' }).waitFor();
    expect(await page.getByText('outsider@other.test').count()).toBe(0);
    // Five per page, so six people make two pages.
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByText('Showing 1 to 5 of 6 results').waitFor();
    await expectAccessible(page, 'tenant users (admin)');

    await page.getByLabel('Email Address').fill('peter@initech.test');
    await page.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User peter@initech.test added as Viewer');
    await page.getByRole('heading', { name: 'Users (7)' }).waitFor();

    await page.getByLabel('Filter by role').selectOption('Viewer');
    await page.getByRole('heading', { name: 'Users (6)' }).waitFor();
    await page.getByText('Page 1 of 2').waitFor();
    const row = await findRow(page, 'peter@initech.test');
    await row.getByRole('button', { name: 'Edit peter@initech.test' }).click();
    await page.getByLabel('Role for peter@initech.test').selectOption('Admin');
    await row.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Role updated');
    // The reload (500 ms after the save) drops Peter from the Viewer filter and back to page 1.
    await page.getByRole('heading', { name: 'Users (5)' }).waitFor();
    await page.getByLabel('Filter by role').selectOption('all');
    const peter = await findRow(page, 'peter@initech.test');
    await peter.locator('.badge', { hasText: 'Admin' }).waitFor();
    await peter.getByRole('button', { name: 'Delete peter@initech.test' }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'User deleted');
    await page.getByRole('heading', { name: 'Users (6)' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('should change the branding: the top bar takes the new colour and theme', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'bill.lumbergh@initech.test', '/users');
    expect(await topBarColour(page)).toBe(rgb('#2563eb'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Tenant Settings' }).waitFor();
    await settled(page);
    await page.getByLabel('Primary Color').waitFor();
    await expectAccessible(page, 'tenant settings');
    await page.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'initech.png',
      mimeType: 'image/png',
      buffer: solidPng([22, 163, 74]),
    });
    await page.getByRole('button', { name: 'Upload Logo' }).click();
    await toast(page, 'Logo uploaded successfully');
    await page.getByLabel('Primary Color').fill('#16a34a');
    await page.getByLabel('Theme').selectOption('light');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Tenant settings updated');
    await page.waitForURL((url) => url.pathname === '/tenant/reports');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.waitForFunction(
      (colour) =>
        getComputedStyle(document.querySelector('header.topbar') as Element).backgroundColor ===
        colour,
      rgb(readableSurface('#16a34a')),
    );
    await page.locator('header.topbar img.brand__logo').waitFor();
    expect(errors).toEqual([]);
  });

  it('should show a Viewer the list read-only ("View Only") and keep them off admin pages', async () => {
    const { page } = await openPortal(server.url);
    await signInAndLand(page, 'milton@initech.test', '/tenant/reports');
    // A Viewer's branding comes from the tenant settings endpoint: the Admin's new colours.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.waitForURL((url) => url.pathname === '/tenant/users');
    await settled(page);
    await page.getByRole('heading', { name: 'Users (6)' }).waitFor();
    expect(await page.getByText('View Only').count()).toBeGreaterThan(1);
    expect(await page.getByRole('button', { name: 'Create User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await expectAccessible(page, 'tenant users (viewer)');

    await page.goto('/dashboard');
    // The real count: this tenant has no workspace, so no reports (never the old placeholder 3).
    await page.getByRole('region', { name: 'Available Reports' }).getByText('0').waitFor();
    expect(await page.getByRole('link', { name: /Manage Users/ }).count()).toBe(0);
    await expectAccessible(page, 'tenant dashboard');
    await page.goto('/users');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('should show "Unauthorized access" on /tenant/users to a super admin', async () => {
    const { page } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await page.goto('/tenant/users');
    await page.getByRole('heading', { name: 'Unauthorized access' }).waitFor();
  });

  it('should show the tenant dashboard with the Admin quick action', async () => {
    const { page } = await openPortal(server.url, { width: 375, height: 740 });
    await signInAndLand(page, 'bill.lumbergh@initech.test', '/users');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Organization Status' })
      .getByText('Active', { exact: true })
      .waitFor();
    await page.getByRole('link', { name: /Manage Users/ }).click();
    await page.waitForURL((url) => url.pathname === '/tenant/users');
    // Nothing overflows sideways on a 375 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
