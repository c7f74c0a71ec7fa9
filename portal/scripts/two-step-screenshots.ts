/**
 * Screenshots of two-step verification: the second step of sign-in (app code, a refused code,
 * recovery code), the set-up an organisation requires, My account's section (off, the QR code,
 * the recovery codes, on with a passkey, removing with "confirm it's you"), the Admin's policy in
 * tenant settings and the reset on the people list. The real server at localhost (passkeys need a
 * host name) with Chromium's virtual authenticator, the built SPA, a light tenant (Northwind) and
 * a dark one (Contoso), each at 1280 and 375 px; the sign-in pages follow the browser's colour
 * scheme, so they are shot with the matching one. Every state lands in
 * portal/.tmp/two-step-screenshots; the ones docs/portal.md shows are copied to docs/portal/.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/two-step-screenshots.ts [outDir]
 */
import { openPortal, settled, signIn, signInAndLand } from '../test/support/browser.ts';
import { totpCode } from '../test/support/totp.ts';
import { addVirtualAuthenticator } from '../test/support/virtual-authenticator.ts';
import { shotFolder } from './support/shot-folder.ts';
import { startShotServer } from './support/shot-server.ts';

const { shoot } = shotFolder({
  defaultDir: '.tmp/two-step-screenshots',
  docs: [
    'two-step-sign-in-light-1280',
    'two-step-sign-in-dark-375',
    'two-step-setup-light-1280',
    'two-step-account-dark-1280',
    'two-step-codes-light-375',
    'two-step-required-light-1280',
    'two-step-policy-light-1280',
  ],
  scrollToTop: 'full-page',
  reportOverflow: true,
});

const { server, root, call, close } = await startShotServer({ localhost: true });
try {
  const tenants = {
    light: { name: 'Northwind', id: '', domain: '' },
    dark: { name: 'Contoso', id: '', domain: '' },
  };
  for (const theme of ['light', 'dark'] as const) {
    const { name } = tenants[theme];
    const domain = `${name.toLowerCase()}.test`;
    const tenant = await call<{ id: string }>('POST', '/api/admin/tenants', root, {
      name,
      adminEmail: `owner@${domain}`,
      createPowerBIWorkspace: false,
      theme,
    });
    Object.assign(tenants[theme], { id: tenant.id, domain });
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const { domain, id: tenantId } = tenants[theme];
      const suffix = `${theme}-${width}`;
      // New people for each size: every shot starts from nothing set up.
      const admin = `ann.admin.${width}@${domain}`;
      const viewer = `vic.viewer.${width}@${domain}`;
      const newcomer = `nia.new.${width}@${domain}`;
      await server.createPerson({ tenantId, role: 'Admin', email: admin });
      await server.createPerson({ tenantId, role: 'Viewer', email: viewer });
      const { page, context, errors } = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      const authenticator = await addVirtualAuthenticator(page);

      // My account as it opens: nothing set up.
      await signInAndLand(page, viewer, '/tenant/reports');
      await page.goto('/account');
      await settled(page);
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Two-step verification' }),
      });
      await section.getByText('Off', { exact: true }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await shoot(page, `two-step-account-off-${suffix}`, false);

      // The authenticator app: QR code and key, then the recovery codes.
      await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
      await setup.getByRole('img', { name: /QR code/ }).waitFor();
      await shoot(page, `two-step-setup-${suffix}`, false);
      const secret = ((await setup.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
      await setup.getByLabel('Code from the app').fill('123');
      await setup.getByRole('button', { name: 'Turn on' }).click();
      await setup.locator('.field__error').waitFor();
      await shoot(page, `two-step-setup-error-${suffix}`, false);
      await setup.getByLabel('Code from the app').fill(totpCode(secret, Date.now(), -1));
      await setup.getByRole('button', { name: 'Turn on' }).click();
      const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
      await codes.getByRole('list', { name: 'Recovery codes' }).waitFor();
      await page.locator('.toast').first().waitFor({ state: 'detached' });
      await shoot(page, `two-step-codes-${suffix}`, false);
      const recovery = (await codes.getByRole('listitem').allTextContents())[0] ?? '';
      await codes.getByRole('button', { name: 'I have saved them' }).click();

      // A passkey too, then the section with both.
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      const add = page.getByRole('dialog', { name: 'Add a passkey' });
      await add.getByLabel('Passkey name').fill('Work laptop');
      await shoot(page, `two-step-passkey-add-${suffix}`, false);
      await add.getByRole('button', { name: 'Create passkey' }).click();
      await section.getByRole('listitem', { name: 'Work laptop' }).waitFor();
      if ((await authenticator.credentials()).length !== 1) throw new Error('no passkey made');
      await page.locator('.toast').first().waitFor({ state: 'detached' });
      await section.scrollIntoViewIfNeeded();
      await shoot(page, `two-step-account-${suffix}`);
      await section.getByRole('button', { name: 'Remove Work laptop' }).click();
      const remove = page.getByRole('dialog', { name: 'Remove passkey' });
      await remove.getByLabel('Current password').fill('wrong-password');
      await remove.getByRole('button', { name: 'Remove' }).click();
      await remove.locator('.field__error').waitFor();
      await shoot(page, `two-step-remove-${suffix}`, false);
      await page.keyboard.press('Escape');

      // The second step of sign-in: the app's code, a refused one, a recovery code, a passkey.
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await signIn(page, viewer);
      // The step's code loads when it is needed: wait for its field, not only its heading.
      await page.getByLabel('Verification code').waitFor();
      await shoot(page, `two-step-sign-in-${suffix}`);
      await page.getByLabel('Verification code').fill(totpCode(secret, Date.now(), 9));
      await page.locator('.notice--error').waitFor();
      await shoot(page, `two-step-sign-in-error-${suffix}`);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(recovery);
      await shoot(page, `two-step-recovery-${suffix}`);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.waitForURL((url) => url.pathname === '/tenant/reports');
      await settled(page);
      await context.clearCookies();

      // The Admin requires it; the people list offers the reset.
      const adminSession = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      const adminPage = adminSession.page;
      await signInAndLand(adminPage, admin, '/users');
      await adminPage.goto('/tenant/settings');
      await settled(adminPage);
      // Enabled once the current policy has loaded.
      const policy = adminPage.getByRole('checkbox', {
        name: 'Require two-step verification for everyone in this organisation',
        disabled: false,
      });
      await policy.waitFor();
      if (!(await policy.isChecked())) {
        await policy.check();
        await adminPage.locator('.toast').first().waitFor();
        await adminPage.locator('.toast').first().waitFor({ state: 'detached' });
      }
      await shoot(adminPage, `two-step-policy-${suffix}`);
      await adminPage.goto('/users');
      await settled(adminPage);
      await adminPage.getByLabel('Search Users').fill(viewer);
      await adminPage
        .getByRole('button', { name: `Reset two-step verification of ${viewer}` })
        .click();
      await adminPage.getByRole('dialog', { name: 'Please confirm' }).waitFor();
      await shoot(adminPage, `two-step-reset-${suffix}`, false);
      await adminPage.keyboard.press('Escape');
      if (adminSession.errors.length) console.error('admin', theme, width, adminSession.errors);
      await adminSession.context.close();

      // Someone new in an organisation that requires it: the set-up comes first.
      await server.createPerson({ tenantId, role: 'Viewer', email: newcomer });
      const fresh = await openPortal(server.url, {
        width,
        height: width === 375 ? 812 : 800,
        colorScheme: theme,
      });
      await signIn(fresh.page, newcomer);
      await fresh.page.waitForURL((url) => url.pathname === '/two-step-setup');
      await fresh.page.getByRole('button', { name: 'Use an authenticator app' }).waitFor();
      await shoot(fresh.page, `two-step-required-${suffix}`);
      await fresh.page.getByRole('button', { name: 'Use an authenticator app' }).click();
      await fresh.page.getByRole('img', { name: /QR code/ }).waitFor();
      await shoot(fresh.page, `two-step-required-app-${suffix}`);
      if (fresh.errors.length) console.error('newcomer', theme, width, fresh.errors);
      await fresh.context.close();

      // Off again, so the next size's people start without a factor and are not held back.
      await call('PUT', `/api/tenants/${tenantId}/security`, root, { requireMfa: false });
      if (errors.length) console.error(theme, width, errors);
      await context.close();
    }
  }
} finally {
  await close();
}
