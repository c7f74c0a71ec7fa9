/**
 * `pnpm --filter @canopy/portal screenshots`: builds the SPA, starts the real server on a fresh
 * database with demo data, and saves the main screens in both themes to docs/portal/*.png.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildSpa } from '../test/support/build-spa.ts';
import { closeBrowser, openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { startPortalServer } from '../test/support/portal-server.ts';
import { seedDemo } from './seed-demo.ts';
import { animationsDone } from './support/animations-done.ts';

const out = (name: string) =>
  fileURLToPath(new URL(`../../docs/portal/${name}.png`, import.meta.url));

async function shot(page: Page, name: string) {
  await settled(page);
  await animationsDone(page, 'not-running');
  await page.screenshot({ path: out(name) });
  console.log(`  docs/portal/${name}.png`);
}

await buildSpa();
const server = await startPortalServer();
try {
  await seedDemo(server);
  for (const scheme of ['light', 'dark'] as const) {
    const { page } = await openPortal(server.url, { colorScheme: scheme });
    await page.goto('/login');
    await page.getByLabel('Email Address').waitFor();
    await shot(page, `login-${scheme}`);
  }

  // The super admin's portal is dark: they belong to no tenant, so the portal's own blue (#0284c7) on dark.
  const admin = await openPortal(server.url, { height: 860 });
  await signInAndLand(admin.page, 'admin@canopy.local', '/admin');
  await admin.page.getByRole('region', { name: 'Total Tenants' }).waitFor();
  await shot(admin.page, 'admin-dashboard-dark');
  await admin.page.goto('/admin/tenants');
  await admin.page.getByText('Showing 1 to 5 of 6 results').waitFor();
  await shot(admin.page, 'admin-tenants-dark');
  await admin.page.getByRole('button', { name: 'Add Tenant' }).click();
  await admin.page
    .getByRole('dialog', { name: 'Add New Tenant' })
    .getByLabel('Organization Name')
    .fill('Hooli');
  await shot(admin.page, 'admin-tenant-modal-dark');
  await admin.page.keyboard.press('Escape');
  await admin.page.goto('/admin/users');
  await admin.page.getByLabel('Tenant Organization').selectOption({ label: 'Initech' });
  await admin.page.getByRole('heading', { name: /Users \(/ }).waitFor();
  await admin.page.locator('tbody tr td').first().waitFor();
  await shot(admin.page, 'admin-users-dark');

  // A tenant Admin of Initech (light theme, green) and of Acme (dark theme, blue).
  const initech = await openPortal(server.url, { height: 860 });
  await signInAndLand(initech.page, 'bill.lumbergh@initech.test', '/users');
  await initech.page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await initech.page.getByText('Page 1 of 2').waitFor();
  await shot(initech.page, 'tenant-users-light');
  await initech.page.goto('/tenant/settings');
  await initech.page.getByLabel('Primary Color').waitFor();
  await shot(initech.page, 'tenant-settings-light');
  await initech.page.goto('/dashboard');
  await initech.page.getByRole('region', { name: 'Available Reports' }).waitFor();
  await shot(initech.page, 'tenant-dashboard-light');

  const acme = await openPortal(server.url, { height: 860 });
  await signInAndLand(acme.page, 'dana.scully@acme.test', '/users');
  await acme.page.locator('tbody tr td').first().waitFor();
  await acme.page.getByRole('button', { name: 'Edit fox.mulder@acme.test' }).click();
  await shot(acme.page, 'tenant-users-dark');
  await acme.page.goto('/dashboard');
  await acme.page.getByRole('region', { name: 'Available Reports' }).waitFor();
  await shot(acme.page, 'tenant-dashboard-dark');

  const phone = await openPortal(server.url, { width: 375, height: 812 });
  await signInAndLand(phone.page, 'admin@canopy.local', '/admin');
  await phone.page.goto('/admin/tenants');
  await phone.page.getByText('Showing 1 to 5 of 6 results').waitFor();
  await shot(phone.page, 'admin-tenants-mobile-dark');
} finally {
  await closeBrowser();
  await server.close();
}
