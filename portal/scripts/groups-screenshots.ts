/**
 * Screenshots of groups and the access matrix: the real server with the in-process emulator, the
 * built SPA, the system Chromium. Two tenants, Northwind (light) and Contoso (dark), each with
 * three reports, a handful of people, two groups and a direct grant, so every kind of reason
 * shows. Every state lands in portal/.tmp/groups-screenshots for review; the ones docs/portal.md
 * shows are copied to docs/portal/groups-*.png.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/groups-screenshots.ts [outDir]
 */
import { openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { shotFolder } from './support/shot-folder.ts';
import { startShotServer } from './support/shot-server.ts';

const { shoot } = shotFolder({
  defaultDir: '.tmp/groups-screenshots',
  docs: [
    'groups-list-light-1280',
    'groups-detail-light-1280',
    'groups-matrix-light-1280',
    'groups-matrix-dark-1280',
    'groups-list-dark-375',
    'groups-matrix-dark-375',
    'groups-access-modal-1280',
  ],
});

const { emulator, server, root, call, close } = await startShotServer({
  reportIds: (sample) => [sample.securedReportId, sample.salesReportId, sample.securedReportId],
});
try {
  const tenants: Record<'light' | 'dark', { id: string; name: string; admin: string }> = {
    light: { id: '', name: 'Northwind', admin: '' },
    dark: { id: '', name: 'Contoso', admin: '' },
  };
  for (const theme of ['light', 'dark'] as const) {
    const { name } = tenants[theme];
    const domain = `${name.toLowerCase()}.test`;
    const tenant = await call<{ id: string; powerBiGroupId: string }>(
      'POST',
      '/api/admin/tenants',
      root,
      { name, adminEmail: `owner@${domain}`, createPowerBIWorkspace: true, theme },
    );
    const names = ['Sales Overview', 'Inventory Health', 'Regional Margins'];
    emulator.state.reportsIn(tenant.powerBiGroupId).forEach((report, index) => {
      report.definition = { ...report.definition, name: names[index] ?? report.definition.name };
    });
    const admin = `ann.admin@${domain}`;
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: admin });
    const people = ['vic.viewer', 'maria.lopez', 'sam.chen', 'lee.park', 'noor.haddad'];
    const ids: string[] = [];
    for (const person of people) {
      ids.push(
        (
          await server.createPerson({
            tenantId: tenant.id,
            role: 'Viewer',
            email: `${person}@${domain}`,
          })
        ).id,
      );
    }
    const { reports } = await call<{ reports: { id: string; name: string }[] }>(
      'POST',
      '/api/admin/powerbi/reports',
      root,
      { groupId: tenant.powerBiGroupId },
    );
    const byName = (n: string) => reports.find((r) => r.name === n)?.id ?? '';
    const token = await server.tokenFor(admin);
    const base = `/api/tenants/${tenant.id}/groups`;
    const sales = await call<{ id: string }>('POST', base, token, {
      name: 'Sales',
      description: 'Account managers and their leads',
    });
    const ops = await call<{ id: string }>('POST', base, token, {
      name: 'Operations',
      description: 'Warehouse and logistics',
    });
    await call('POST', base, token, { name: 'Finance' });
    for (const id of ids.slice(0, 3)) await call('PUT', `${base}/${sales.id}/members/${id}`, token);
    for (const id of ids.slice(2, 5)) await call('PUT', `${base}/${ops.id}/members/${id}`, token);
    await call('PUT', `${base}/${sales.id}/reports/${byName('Sales Overview')}`, token);
    await call('PUT', `${base}/${sales.id}/reports/${byName('Regional Margins')}`, token);
    await call('PUT', `${base}/${ops.id}/reports/${byName('Inventory Health')}`, token);
    await call('POST', '/api/powerbi/permissions/grant', root, {
      userId: ids[4],
      reportId: byName('Regional Margins'),
      workspaceId: tenant.powerBiGroupId,
      tenantId: tenant.id,
      canView: true,
    });
    tenants[theme] = { id: tenant.id, name, admin };
    Object.assign(tenants[theme], { sales: sales.id });
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const { page, context, errors } = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      const fullPage = width !== 375;
      const tenant = tenants[theme] as (typeof tenants)['light'] & { sales: string };
      await signInAndLand(page, tenant.admin, '/users');
      await page.goto('/tenant/groups');
      await settled(page);
      await page.getByRole('heading', { name: 'Groups (3)' }).waitFor();
      await shoot(page, `groups-list-${theme}-${width}`, fullPage);
      await page.goto(`/tenant/groups/${tenant.sales}`);
      await settled(page);
      await page.getByRole('heading', { name: 'Members (3)' }).waitFor();
      await shoot(page, `groups-detail-${theme}-${width}`, fullPage);
      await page.goto('/tenant/access');
      await settled(page);
      await page.locator('table.matrix').waitFor();
      await shoot(page, `groups-matrix-${theme}-${width}`, fullPage);
      if (errors.length) console.error(theme, width, errors);
      await context.close();
    }
  }

  // The super administrator's Manage Access modal on its Groups tab (their screens are dark).
  const { page, context } = await openPortal(server.url, { colorScheme: 'dark' });
  await signInAndLand(page, 'root@canopy.test', '/admin');
  await page.goto(`/admin/tenants/${tenants.light.id}/reports`);
  await settled(page);
  await page.getByRole('button', { name: 'Manage Access to Sales Overview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Access' });
  await dialog.getByRole('tab', { name: 'Groups' }).click();
  await dialog.getByRole('switch', { name: 'Access for group Sales' }).waitFor();
  await shoot(page, 'groups-access-modal-1280', false);
  await context.close();
} finally {
  await close();
}
