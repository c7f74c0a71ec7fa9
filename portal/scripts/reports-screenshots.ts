/**
 * Screenshots of the report screens in both themes at 1280 and 375 px (lists, Manage Access, the
 * embedded report and fullscreen): the real server with the in-process emulator, the built SPA,
 * the system Chromium. All of them land in portal/.tmp/report-screenshots for review; the ones
 * docs/portal.md shows are copied to docs/portal/reports-*.png (part of `pnpm screenshots`).
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/reports-screenshots.ts [outDir]
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startEmulator } from '@canopy/emulator';
import type { Page } from 'playwright-core';
import { localAnalyticsSettings } from '../../server/src/modules/analytics/start-local-analytics.ts';
import { closeBrowser, openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { buildSpa, e2eSpaDir } from '../test/support/build-spa.ts';
import { startPortalServer } from '../test/support/portal-server.ts';

const outDir = resolve(process.argv[2] ?? '.tmp/report-screenshots');
mkdirSync(outDir, { recursive: true });
// The docs images are replaced only by a run into the default folder (a review run elsewhere is left alone).
const docsDir = process.argv[2] ? undefined : resolve('../docs/portal');
/** The shots docs/portal.md shows, copied there. */
const DOCS = [
  'reports-list-light-1280',
  'reports-admin-list-dark-375',
  'reports-access-light-1280',
  'reports-access-dark-375',
  'reports-view-light-1280',
  'reports-fullscreen-dark-1280',
];

// A build folder of its own (build-spa.ts): a test run elsewhere may rebuild meanwhile.
const spaDir = process.env.SKIP_BUILD ? e2eSpaDir() : await buildSpa();
const emulator = await startEmulator({ populateNewWorkspaces: false });
const analytics = localAnalyticsSettings(emulator);
analytics.template.reportIds = [emulator.sample.securedReportId, emulator.sample.salesReportId];
const server = await startPortalServer({ analytics, spaDir });
try {
  await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
  const token = await server.tokenFor('root@canopy.test');
  const call = async <T>(method: 'POST' | 'PUT', url: string, payload: object) =>
    (
      await server.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<T>();
  const made: Partial<Record<'light' | 'dark', { id: string; powerBiGroupId: string }>> = {};
  for (const theme of ['light', 'dark'] as const) {
    const name = theme === 'light' ? 'Northwind' : 'Contoso';
    const tenant = await call<{ id: string; powerBiGroupId: string }>(
      'POST',
      '/api/admin/tenants',
      {
        name,
        adminEmail: `owner@${name.toLowerCase()}.test`,
        createPowerBIWorkspace: true,
        theme,
        primaryColor: theme === 'light' ? '#0f766e' : '#7c3aed',
      },
    );
    made[theme] = tenant;
    const tenantId = tenant.id;
    const [, second] = emulator.state.reportsIn(tenant.powerBiGroupId);
    if (second) second.definition = { ...second.definition, name: 'Inventory Health' };
    await server.createPerson({
      tenantId,
      role: 'Admin',
      email: `ann.admin@${name.toLowerCase()}.test`,
    });
    const viewer = await server.createPerson({
      tenantId,
      role: 'Viewer',
      email: `vic.viewer@${name.toLowerCase()}.test`,
    });
    const { reports } = await call<{ reports: { id: string }[] }>(
      'POST',
      '/api/admin/powerbi/reports',
      { groupId: tenant.powerBiGroupId },
    );
    await call('POST', '/api/powerbi/permissions/grant', {
      userId: viewer.id,
      reportId: reports[0]?.id,
      workspaceId: tenant.powerBiGroupId,
      tenantId,
    });
  }

  const shoot = async (page: Page, name: string) => {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState === 'finished'),
    );
    await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: false });
    console.log(`${outDir}/${name}.png`);
    if (docsDir && DOCS.includes(name))
      copyFileSync(`${outDir}/${name}.png`, `${docsDir}/${name}.png`);
  };

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const tag = `${theme}-${width}`;
      const tenant = made[theme];
      if (!tenant) throw new Error(`no ${theme} tenant`);
      const name = theme === 'light' ? 'northwind' : 'contoso';
      const admin = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      await signInAndLand(admin.page, `ann.admin@${name}.test`, '/users');
      await admin.page.goto('/tenant/reports');
      await settled(admin.page);
      await admin.page.locator('tbody .report-name__title').first().waitFor();
      await shoot(admin.page, `reports-list-${tag}`);
      await admin.page.getByRole('link', { name: 'View Sales Overview' }).click();
      await admin.page.locator('[data-embed-status="rendered"]').waitFor();
      await shoot(admin.page, `reports-view-${tag}`);
      await admin.page.getByRole('button', { name: 'Enter Fullscreen' }).click();
      await shoot(admin.page, `reports-fullscreen-${tag}`);
      await admin.context.close();

      const root = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      await signInAndLand(root.page, 'root@canopy.test', '/admin');
      await root.page.goto(`/admin/tenants/${tenant.id}/reports`);
      await settled(root.page);
      await root.page.locator('tbody .report-name__title').first().waitFor();
      await shoot(root.page, `reports-admin-list-${tag}`);
      await root.page.locator('tbody button', { hasText: 'Manage Access' }).first().click();
      await root.page.getByRole('switch').first().waitFor();
      await shoot(root.page, `reports-access-${tag}`);
      await root.context.close();

      const viewer = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      await signInAndLand(viewer.page, `vic.viewer@${name}.test`, '/tenant/reports');
      await viewer.page.locator('tbody .report-name__title').first().waitFor();
      await shoot(viewer.page, `reports-viewer-list-${tag}`);
      await viewer.context.close();
      for (const errors of [admin.errors, root.errors, viewer.errors])
        if (errors.length) console.error(tag, errors);
    }
  }
} finally {
  await closeBrowser();
  await server.close();
  await emulator.close();
}
