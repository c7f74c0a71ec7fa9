/**
 * Screenshots of the audit log: the real server with the in-process emulator (tenants get their
 * workspaces there), the built SPA, the system Chromium. A few days of believable history is made
 * through the API (tenants, invitations, branding, a failed sign-in, a deleted tenant). Every
 * state lands in portal/.tmp/audit-log-screenshots for review; the ones docs/portal.md shows are
 * copied to docs/portal/audit-log-*.png. Super administrators' screens always wear the dark theme
 * (there is no tenant whose branding could make them light), so there are no light shots.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/audit-log-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { shotFolder } from './support/shot-folder.ts';
import { startShotServer } from './support/shot-server.ts';

const { shoot } = shotFolder({
  defaultDir: '.tmp/audit-log-screenshots',
  docs: ['audit-log-dark-1280', 'audit-log-dark-1280-filtered', 'audit-log-dark-375'],
  // A phone's first screenful starts at the top of the log, not where the last visit scrolled.
  scrollToTop: 'viewport',
});

const { server, root, call, close } = await startShotServer({
  headers: { 'x-forwarded-for': '198.51.100.23' },
});
try {
  const tenant = (name: string, theme: 'light' | 'dark') =>
    call<{ id: string }>('POST', '/api/admin/tenants', root, {
      name,
      adminEmail: `owner@${name.toLowerCase()}.test`,
      createPowerBIWorkspace: true,
      theme,
    });
  const northwind = await tenant('Northwind', 'light');
  const contoso = await tenant('Contoso', 'dark');
  const doomed = await tenant('Fabrikam', 'light');
  await call('PUT', `/api/admin/tenants/${contoso.id}`, root, {
    name: 'Contoso',
    adminEmail: 'owner@contoso.test',
    status: 'inactive',
  });
  await server.createPerson({ tenantId: northwind.id, role: 'Admin', email: 'ann@northwind.test' });
  const ann = await server.tokenFor('ann@northwind.test');
  await call('POST', '/api/users', ann, { email: 'vic@northwind.test', tenantId: northwind.id });
  await call('PUT', `/api/tenants/${northwind.id}/settings`, ann, {
    primaryColor: '#0f766e',
    theme: 'light',
  });
  await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'ann@northwind.test', password: 'not-her-password' },
  });
  await call('DELETE', `/api/admin/tenants/${doomed.id}`, root);

  const visit = async (page: Page, search = '') => {
    await page.goto(`/admin/audit${search}`);
    await settled(page);
    await page.locator('.audit-table tbody tr:not(.skeleton-row), .empty-state').first().waitFor();
  };

  for (const width of [1280, 375]) {
    const { page, context, errors } = await openPortal(server.url, {
      width,
      height: width === 375 ? 812 : 800,
      colorScheme: 'dark',
    });
    // A phone shows its first screenful: a whole day of cards would be a very long picture.
    const fullPage = width !== 375;
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await visit(page);
    await page.locator('.audit-details summary').first().click();
    await shoot(page, `audit-log-dark-${width}`, fullPage);
    await visit(page, `?tenant=${northwind.id}&action=user.`);
    await shoot(page, `audit-log-dark-${width}-filtered`, fullPage);
    await visit(page, '?person=nobody');
    await shoot(page, `audit-log-dark-${width}-empty`, fullPage);
    if (errors.length) console.error(width, errors);
    await context.close();
  }
} finally {
  await close();
}
