/**
 * Screenshots of the form screens: My account, forgot and reset password (with its expired link),
 * creating and renaming a group, and the Subscribe dialog, each also with a validation error. The
 * real server with the in-process emulator, the built SPA, the system Chromium. Two tenants,
 * Northwind (light) and Contoso (dark); the sign-in pages follow the browser's colour scheme, so
 * they are shot with the matching one. Every state lands in portal/.tmp/account-screenshots for
 * review; the ones docs/portal.md shows are copied to docs/portal/account-*.png.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/account-screenshots.ts [outDir]
 */
import { openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { PASSWORD } from '../test/support/portal-server.ts';
import { shotFolder } from './support/shot-folder.ts';
import { startShotServer } from './support/shot-server.ts';

const { shoot } = shotFolder({
  defaultDir: '.tmp/account-screenshots',
  docs: ['account-light-1280', 'account-dark-375'],
  // A refused form scrolls to its first error: from the top, the sticky bar stays on top.
  scrollToTop: 'full-page',
  reportOverflow: true,
});

const { server, root, call, close } = await startShotServer({
  reportIds: (sample) => [sample.securedReportId, sample.salesReportId],
});
try {
  const tenants = {
    light: { name: 'Northwind', admin: '', forgetful: '', reportId: '', groupId: '' },
    dark: { name: 'Contoso', admin: '', forgetful: '', reportId: '', groupId: '' },
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
    const admin = `ann.admin@${domain}`;
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: admin });
    const vic = await server.createPerson({
      tenantId: tenant.id,
      role: 'Viewer',
      email: `vic.viewer@${domain}`,
    });
    const forgetful = `forgetful.frank@${domain}`;
    await server.createPerson({ tenantId: tenant.id, role: 'Viewer', email: forgetful });
    const { reports } = await call<{ reports: { id: string; name: string }[] }>(
      'POST',
      '/api/admin/powerbi/reports',
      root,
      { groupId: tenant.powerBiGroupId },
    );
    const reportId = reports.find((r) => r.name === 'Sales Overview')?.id ?? '';
    // Vic may see the report, so the Subscribe dialog offers him as a recipient.
    await call('POST', '/api/powerbi/permissions/grant', root, {
      userId: vic.id,
      reportId,
      workspaceId: tenant.powerBiGroupId,
      tenantId: tenant.id,
      canView: true,
    });
    // The super administrator sets the scene, so Ann's sessions are only her browsers.
    const base = `/api/tenants/${tenant.id}/groups`;
    const sales = await call<{ id: string }>('POST', base, root, {
      name: 'Sales',
      description: 'Account managers and their leads',
    });
    await call('POST', base, root, { name: 'Operations', description: 'Warehouse and logistics' });
    // Ann on her phone too, so the sessions list has another device to sign out.
    const phone = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin, password: PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      },
    });
    if (phone.statusCode !== 200) throw new Error(`sign-in of ${admin}: ${phone.body}`);
    Object.assign(tenants[theme], {
      admin,
      forgetful,
      reportId,
      groupId: sales.id,
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const { page, context, errors } = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      const tenant = tenants[theme];
      const suffix = `${theme}-${width}`;

      // Forgot password, from the sign-in page's link: empty, then sent.
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Email is required').waitFor();
      await shoot(page, `forgot-password-error-${suffix}`);
      await page.getByLabel('Email Address').fill(tenant.forgetful);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('status').filter({ hasText: 'reset link has been sent' }).waitFor();
      await shoot(page, `forgot-password-sent-${suffix}`);

      // The mailed link: the form, a refused password, then used once and opened again.
      const link = (await server.mailedLinks(tenant.forgetful))
        .filter((path) => path.startsWith('/reset-password?token='))
        .at(-1);
      if (!link) throw new Error(`no reset link for ${tenant.forgetful}`);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Reset password' }).waitFor();
      await shoot(page, `reset-password-${suffix}`);
      await page.getByLabel('New Password').fill('short');
      await page.getByLabel('Confirm Password').fill('shorter');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Must be at least 8 characters').waitFor();
      await shoot(page, `reset-password-error-${suffix}`);
      await page.getByLabel('New Password').fill('Brand-New-2');
      await page.getByLabel('Confirm Password').fill('Brand-New-2');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.goto(link);
      await page.getByRole('heading', { name: 'Link expired' }).waitFor();
      await shoot(page, `reset-password-expired-${suffix}`);
      await page.goto('/reset-password');
      await page.getByRole('heading', { name: 'Invalid Token' }).waitFor();
      await shoot(page, `reset-password-invalid-${suffix}`);

      // My account: as it opens, then with a half name and a wrong current password.
      await signInAndLand(page, tenant.admin, '/users');
      await page.goto('/account');
      await settled(page);
      await page.getByText('This device').waitFor();
      await shoot(page, `account-${suffix}`);
      await page.getByLabel('First name').fill('Ann');
      await page.getByLabel('Last name').fill('');
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByText('Enter both a first and a last name').waitFor();
      const password = page.locator('section', {
        has: page.getByRole('heading', { name: 'Change password' }),
      });
      await password.getByLabel('Current password', { exact: true }).fill('Not-My-Password-1');
      await password.getByLabel('New password', { exact: true }).fill('short');
      await password.getByLabel('Confirm new password', { exact: true }).fill('other');
      await password.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Must be at least 8 characters').first().waitFor();
      await shoot(page, `account-errors-${suffix}`);
      await password.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-9');
      await password.getByLabel('Confirm new password', { exact: true }).fill('Brand-New-Pass-9');
      await password.getByRole('button', { name: 'Change password' }).click();
      await password.getByText('Your current password is not correct').waitFor();
      await shoot(page, `account-wrong-password-${suffix}`);

      // Groups: the create form with an empty name, the rename dialog, the group's page.
      await page.goto('/tenant/groups');
      await settled(page);
      await page.getByRole('heading', { name: 'Groups (2)' }).waitFor();
      await page.getByRole('button', { name: 'Create Group' }).click();
      await page.locator('.field__error').first().waitFor();
      await shoot(page, `groups-create-error-${suffix}`);
      await page.getByRole('button', { name: 'Rename Sales' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename Group' });
      await rename.getByLabel('Group name').waitFor();
      await shoot(page, `groups-rename-${suffix}`, false);
      await rename.getByLabel('Group name').fill('Operations');
      await rename.getByRole('button', { name: 'Save' }).click();
      await rename.getByText('A group with this name already exists').waitFor();
      await shoot(page, `groups-rename-taken-${suffix}`, false);
      await rename.getByLabel('Group name').fill('');
      await rename.getByRole('button', { name: 'Save' }).click();
      await rename.locator('.field__error').waitFor();
      await shoot(page, `groups-rename-error-${suffix}`, false);
      await page.keyboard.press('Escape');
      await page.goto(`/tenant/groups/${tenant.groupId}`);
      await settled(page);
      await page.getByRole('heading', { name: 'Members (0)' }).waitFor();
      await shoot(page, `groups-detail-${suffix}`);

      // The Subscribe dialog from the report, then with its time cleared.
      await page.goto(`/tenant/reports/${tenant.reportId}`);
      await settled(page);
      await page
        .locator('.report-frame__embed[data-embed-status="rendered"]')
        .waitFor({ timeout: 10_000 })
        .catch(() => console.error(`${suffix}: the report did not render`));
      await page.getByRole('button', { name: 'Subscribe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe' });
      await dialog.getByText('time zone:').waitFor();
      await dialog.getByRole('option', { name: /vic\.viewer/ }).waitFor({ state: 'attached' });
      await shoot(page, `subscribe-${suffix}`, false);
      await dialog.getByLabel('Time').fill('');
      await dialog.getByRole('button', { name: 'Subscribe' }).click();
      await dialog.locator('.field__error').waitFor();
      await shoot(page, `subscribe-error-${suffix}`, false);
      await page.keyboard.press('Escape');

      if (errors.length) console.error(theme, width, errors);
      await context.close();
    }
  }
} finally {
  await close();
}
