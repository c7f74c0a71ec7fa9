/**
 * Screenshots of the report screens in both themes at 1280 and 375 px (lists, Manage Access, the
 * embedded report and fullscreen): the real server with the in-process emulator, the built SPA,
 * the system Chromium. All of them land in portal/.tmp/report-screenshots for review; the ones
 * docs/portal.md shows are copied to docs/portal/reports-*.png (part of `pnpm screenshots`).
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/reports-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { shotFolder } from './support/shot-folder.ts';
import { startShotServer } from './support/shot-server.ts';

const { shoot } = shotFolder({
  defaultDir: '.tmp/report-screenshots',
  docs: [
    'reports-list-light-1280',
    'reports-admin-list-dark-375',
    'reports-access-light-1280',
    'reports-access-dark-375',
    'reports-view-light-1280',
    'reports-fullscreen-dark-1280',
    'reports-view-light-375',
    'reports-view-dark-375',
    'reports-view-landscape-dark-812',
  ],
  fullPage: false,
});

/** Waits until the report frame has drawn itself for its current size (after a resize). */
async function reportDrawn(page: Page): Promise<void> {
  const report = page.frames().find((frame) => frame !== page.mainFrame());
  await report?.waitForFunction(
    () =>
      document.querySelector<HTMLElement>('.cv-report')?.dataset.drawnFor ===
      `${window.innerWidth}x${window.innerHeight}`,
  );
}

const {
  emulator,
  server,
  root: token,
  call,
  close,
} = await startShotServer({
  reportIds: (sample) => [sample.securedReportId, sample.salesReportId],
});
try {
  const made: Partial<Record<'light' | 'dark', { id: string; powerBiGroupId: string }>> = {};
  for (const theme of ['light', 'dark'] as const) {
    const name = theme === 'light' ? 'Northwind' : 'Contoso';
    const tenant = await call<{ id: string; powerBiGroupId: string }>(
      'POST',
      '/api/admin/tenants',
      token,
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
      token,
      { groupId: tenant.powerBiGroupId },
    );
    await call('POST', '/api/powerbi/permissions/grant', token, {
      userId: viewer.id,
      reportId: reports[0]?.id,
      workspaceId: tenant.powerBiGroupId,
      tenantId,
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 900, 375]) {
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
      await reportDrawn(admin.page);
      await shoot(admin.page, `reports-fullscreen-${tag}`);
      if (width === 375) {
        // The same phone turned on its side: the landscape view, scrolled to the report.
        await admin.page.getByRole('button', { name: 'Exit Fullscreen' }).click();
        await admin.page.setViewportSize({ width: 812, height: 375 });
        await admin.page.locator('.report-frame').scrollIntoViewIfNeeded();
        await reportDrawn(admin.page);
        await shoot(admin.page, `reports-view-landscape-${theme}-812`);
      }
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
  await close();
}
