/**
 * Screenshots of report subscriptions: the real server with the in-process emulator, the built
 * SPA, the system Chromium. Two tenants, Northwind (light, Europe/London) and Contoso (dark,
 * America/New_York), each with an Admin, two Viewers and subscriptions in every state: active and
 * sent, paused, failing with its error. Every state lands in portal/.tmp/subscriptions-screenshots
 * for review; the ones docs/portal.md shows are copied to docs/portal/subscriptions-*.png.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/subscriptions-screenshots.ts [outDir]
 */
import { openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { shotFolder } from './support/shot-folder.ts';
import { startShotServer } from './support/shot-server.ts';

const { shoot } = shotFolder({
  defaultDir: '.tmp/subscriptions-screenshots',
  docs: [
    'subscriptions-dialog-light-1280',
    'subscriptions-tenant-light-1280',
    'subscriptions-tenant-dark-1280',
    'subscriptions-mine-dark-375',
  ],
});

const { emulator, server, root, call, close } = await startShotServer({
  reportIds: (sample) => [sample.securedReportId, sample.salesReportId],
});
try {
  const db = server.database.db;

  const tenants = {
    light: { name: 'Northwind', zone: 'Europe/London', admin: '', reportId: '' },
    dark: { name: 'Contoso', zone: 'America/New_York', admin: '', reportId: '' },
  };
  for (const theme of ['light', 'dark'] as const) {
    const { name, zone } = tenants[theme];
    const domain = `${name.toLowerCase()}.test`;
    const tenant = await call<{ id: string; powerBiGroupId: string }>(
      'POST',
      '/api/admin/tenants',
      root,
      { name, adminEmail: `owner@${domain}`, createPowerBIWorkspace: true, theme },
    );
    const [, second] = emulator.state.reportsIn(tenant.powerBiGroupId);
    if (second) second.definition = { ...second.definition, name: 'Inventory Health' };
    const admin = `ann.admin@${domain}`;
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: admin });
    const viewer = (person: string) =>
      server.createPerson({ tenantId: tenant.id, role: 'Viewer', email: `${person}@${domain}` });
    const vicPerson = await viewer('vic.viewer');
    const mariaPerson = await viewer('maria.lopez');
    const viewers = [vicPerson, mariaPerson];
    const { reports } = await call<{ reports: { id: string; name: string }[] }>(
      'POST',
      '/api/admin/powerbi/reports',
      root,
      { groupId: tenant.powerBiGroupId },
    );
    const sales = reports.find((r) => r.name === 'Sales Overview')?.id ?? '';
    const inventory = reports.find((r) => r.name === 'Inventory Health')?.id ?? '';
    for (const viewer of viewers) {
      for (const reportId of [sales, inventory]) {
        await call('POST', '/api/powerbi/permissions/grant', root, {
          userId: viewer.id,
          reportId,
          workspaceId: tenant.powerBiGroupId,
          tenantId: tenant.id,
          canView: true,
        });
      }
    }
    const token = await server.tokenFor(admin);
    await call('PUT', `/api/tenants/${tenant.id}/settings`, token, {
      primaryColor: theme === 'light' ? '#0f766e' : '#2563eb',
      theme,
      timeZone: zone,
    });
    const subscribe = (body: object) =>
      call<{ id: string }>('POST', '/api/subscriptions', token, {
        format: 'PDF',
        frequency: 'weekly',
        weekday: 1,
        timeOfDay: '08:00',
        ...body,
      });
    const mine = await subscribe({ reportId: sales });
    await subscribe({ reportId: inventory, format: 'PPTX', frequency: 'monthly', monthDay: 31 });
    const vic = await subscribe({ reportId: sales, userId: vicPerson.id, frequency: 'daily' });
    const maria = await subscribe({
      reportId: inventory,
      userId: mariaPerson.id,
      timeOfDay: '17:30',
    });
    const paused = await subscribe({ reportId: sales, userId: mariaPerson.id, weekday: 5 });
    await call('PATCH', `/api/subscriptions/${paused.id}`, token, { paused: true });
    // History as the worker leaves it: sent ones, and one whose exports keep failing.
    const sentAt = new Date(Date.now() - 26 * 3_600_000);
    await db
      .updateTable('report_subscriptions')
      .set({ last_sent_at: sentAt })
      .where('id', 'in', [mine.id, vic.id])
      .execute();
    await db
      .updateTable('report_subscriptions')
      .set({
        failures: 3,
        last_error: 'The analytics service failed to answer (ANALYTICS_FAILED)',
      })
      .where('id', '=', maria.id)
      .execute();
    tenants[theme].admin = admin;
    tenants[theme].reportId = sales;
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const { page, context, errors } = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      const fullPage = width !== 375;
      const tenant = tenants[theme];
      await signInAndLand(page, tenant.admin, '/users');
      await page.goto(`/tenant/reports/${tenant.reportId}`);
      await settled(page);
      await page.locator('.report-frame__embed[data-embed-status="rendered"]').waitFor();
      await page.getByRole('button', { name: 'Subscribe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe' });
      await dialog.getByText(`time zone: ${tenant.zone}`).waitFor();
      await dialog.getByRole('option', { name: /vic\.viewer/ }).waitFor({ state: 'attached' });
      await shoot(page, `subscriptions-dialog-${theme}-${width}`, false);
      await page.keyboard.press('Escape');
      await page.goto('/tenant/subscriptions');
      await settled(page);
      await page.getByRole('heading', { name: 'Subscriptions (5)' }).waitFor();
      await shoot(page, `subscriptions-tenant-${theme}-${width}`, fullPage);
      await page.goto('/account/subscriptions');
      await settled(page);
      await page.getByRole('heading', { name: 'Subscriptions (2)' }).waitFor();
      await shoot(page, `subscriptions-mine-${theme}-${width}`, fullPage);
      if (errors.length) console.error(theme, width, errors);
      await context.close();
    }
  }
} finally {
  await close();
}
