/**
 * Screenshots of the data integration screens: the real server with the in-process emulator (its
 * local Xero for the OAuth consent, its analytics service for the sync), the built SPA, the
 * system Chromium. Every state lands in portal/.tmp/data-integration-screenshots for review; the
 * three docs/portal.md shows are copied to docs/portal/data-integration-*.png.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/data-integration-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { shotFolder } from './support/shot-folder.ts';
import { startShotServer } from './support/shot-server.ts';

const { shoot } = shotFolder({
  defaultDir: '.tmp/data-integration-screenshots',
  docs: [
    'data-integration-tenant-light-1280',
    'data-integration-tenant-dark-375',
    'data-integration-admin-dark-1280',
  ],
});

const { server, root, call, close } = await startShotServer({ xero: true });
try {
  const tenants: Record<'light' | 'dark', { id: string; name: string }> = {
    light: { id: '', name: 'Northwind' },
    dark: { id: '', name: 'Contoso' },
  };
  for (const theme of ['light', 'dark'] as const) {
    const { name } = tenants[theme];
    const tenant = await call<{ id: string }>('POST', '/api/admin/tenants', root, {
      name,
      adminEmail: `owner@${name.toLowerCase()}.test`,
      createPowerBIWorkspace: true,
      theme,
      primaryColor: theme === 'light' ? '#0f766e' : '#7c3aed',
    });
    tenants[theme].id = tenant.id;
  }
  // A third tenant with nothing connected, so the tenant picker has a choice.
  await server.createTenant({ name: 'Fabrikam', theme: 'light' });

  const open = async (width: number) => {
    const session = await openPortal(server.url, {
      width,
      height: width === 375 ? 812 : 800,
    });
    await signInAndLand(session.page, 'root@canopy.test', '/admin');
    return session;
  };
  const visit = async (page: Page, path: string) => {
    await page.goto(path);
    await settled(page);
    await page.locator('.source-card').first().waitFor();
  };
  const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

  // Before anything is connected, then connect Xero to both tenants through the real consent page.
  const first = await open(1280);
  for (const theme of ['light', 'dark'] as const) {
    const page = first.page;
    await visit(page, `/admin/tenants/${tenants[theme].id}/data-integration`);
    await shoot(page, `data-integration-tenant-${theme}-1280-empty`);
    await card(page, 'Xero').getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('button', { name: 'Allow access' }).click();
    await page.locator('.toast', { hasText: 'integration connected successfully' }).waitFor();
    await page.locator('.integrations-table').waitFor();
    await shoot(page, `data-integration-tenant-${theme}-1280-returned`);
  }
  // Northwind synced once (Fabric Dataset and Last Sync filled).
  await visit(first.page, `/admin/tenants/${tenants.light.id}/data-integration`);
  await first.page.getByRole('button', { name: 'Sync now: Xero' }).click();
  await first.page.locator('.toast', { hasText: 'Xero synced' }).waitFor();
  await first.page.locator('.dataset-id').waitFor();
  await first.page.getByRole('button', { name: 'Sync now: Xero' }).click();
  await first.page.locator('.toast', { hasText: 'Xero synced' }).waitFor();
  await shoot(first.page, 'data-integration-tenant-light-1280-synced');
  await first.page.getByRole('button', { name: 'Disconnect Xero' }).click();
  await first.page.getByRole('dialog').waitFor();
  await shoot(first.page, 'data-integration-disconnect-dialog');
  await first.page.keyboard.press('Escape');
  await first.context.close();

  for (const width of [1920, 1280, 375]) {
    const { page, context, errors } = await open(width);
    for (const theme of ['light', 'dark'] as const) {
      await visit(page, `/admin/tenants/${tenants[theme].id}/data-integration`);
      await page.locator('.integrations-table').waitFor();
      await shoot(page, `data-integration-tenant-${theme}-${width}`);
    }
    await visit(page, '/admin/data-integration');
    await page.locator('.integrations-table').waitFor();
    await shoot(page, `data-integration-admin-dark-${width}`);
    await card(page, 'Xero Practice Manager').getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Select a tenant first').waitFor();
    await shoot(page, `data-integration-admin-dark-${width}-pick-tenant`);

    await page.route('**/api/admin/data-sources', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal error' } }),
    );
    await visit(page, `/admin/tenants/${tenants.light.id}/data-integration`);
    await page.locator('.di-banner').waitFor();
    await shoot(page, `data-integration-fallback-light-${width}`);
    await page.unroute('**/api/admin/data-sources');

    await page.goto('/admin/tenants/not-a-tenant/data-integration');
    await settled(page);
    await page.getByText('Invalid tenant ID').waitFor();
    await shoot(page, `data-integration-invalid-tenant-${width}`);
    if (errors.length) console.error(width, errors);
    await context.close();
  }
} finally {
  await close();
}
