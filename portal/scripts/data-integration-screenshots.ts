/**
 * Screenshots of the data integration screens: the real server with the in-process emulator (its
 * local Xero for the OAuth consent, its analytics service for the sync), the built SPA, the
 * system Chromium. Every state lands in portal/.tmp/data-integration-screenshots for review; the
 * three docs/portal.md shows are copied to docs/portal/data-integration-*.png.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/data-integration-screenshots.ts [outDir]
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startEmulator } from '@canopy/emulator';
import type { Page } from 'playwright-core';
import {
  localAnalyticsSettings,
  localXeroConfig,
} from '../../server/src/modules/analytics/start-local-analytics.ts';
import { closeBrowser, openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { buildSpa, e2eSpaDir } from '../test/support/build-spa.ts';
import { startPortalServer } from '../test/support/portal-server.ts';

const outDir = resolve(process.argv[2] ?? '.tmp/data-integration-screenshots');
// The docs images are replaced only by a run into the default folder (a review run elsewhere is left alone).
const docsDir = process.argv[2] ? undefined : resolve('../docs/portal');
mkdirSync(outDir, { recursive: true });

/** The shots docs/portal.md shows. */
const DOCS = [
  'data-integration-tenant-light-1280',
  'data-integration-tenant-dark-375',
  'data-integration-admin-dark-1280',
];

// A build folder of its own (build-spa.ts): a test run elsewhere may rebuild meanwhile.
const spaDir = process.env.SKIP_BUILD ? e2eSpaDir() : await buildSpa();
const emulator = await startEmulator({ populateNewWorkspaces: false });
const server = await startPortalServer({
  analytics: localAnalyticsSettings(emulator),
  xero: localXeroConfig(emulator),
  spaDir,
});
try {
  await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
  const token = await server.tokenFor('root@canopy.test');
  const tenants: Record<'light' | 'dark', { id: string; name: string }> = {
    light: { id: '', name: 'Northwind' },
    dark: { id: '', name: 'Contoso' },
  };
  for (const theme of ['light', 'dark'] as const) {
    const { name } = tenants[theme];
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        name,
        adminEmail: `owner@${name.toLowerCase()}.test`,
        createPowerBIWorkspace: true,
        theme,
        primaryColor: theme === 'light' ? '#0f766e' : '#7c3aed',
      },
    });
    tenants[theme].id = response.json<{ id: string }>().id;
  }
  // A third tenant with nothing connected, so the tenant picker has a choice.
  await server.createTenant({ name: 'Fabrikam', theme: 'light' });

  const shoot = async (page: Page, name: string) => {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState === 'finished'),
    );
    await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
    console.log(`${outDir}/${name}.png`);
    if (docsDir && DOCS.includes(name))
      copyFileSync(`${outDir}/${name}.png`, `${docsDir}/${name}.png`);
  };
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
  await closeBrowser();
  await server.close();
  await emulator.close();
}
