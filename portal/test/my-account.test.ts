import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signIn,
  signInAndLand,
  toast,
} from './support/browser.ts';
import { PASSWORD, startPortalServer, type PortalServer } from './support/portal-server.ts';

const NEW_PASSWORD = 'Brand-New-Pass-9';
const VIEWER = 'vic.viewer@acme.test';

/** Opens My account the way a person does: from the account menu in the top bar. */
async function openMyAccount(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await page.waitForURL((url) => url.pathname === '/account');
  await settled(page);
  await page.getByRole('heading', { name: 'My account' }).waitFor();
}

/** A link of the top bar's navigation. */
const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

const sessionItems = (page: Page) =>
  page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');

describe('My account (Chromium, real server)', () => {
  let server: PortalServer;

  beforeAll(async () => {
    server = await startPortalServer();
    const acme = await server.createTenant({ name: 'Acme', theme: 'light' });
    const night = await server.createTenant({ name: 'Nightly', theme: 'dark' });
    await server.createPerson({ tenantId: acme.id, role: 'Viewer', email: VIEWER });
    await server.createPerson({ tenantId: night.id, role: 'Admin', email: 'ada@nightly.test' });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('sets a name that the top bar shows instead of one from the email', async () => {
    const { context, page, errors } = await openPortal(server.url);
    await signInAndLand(page, VIEWER, '/tenant/reports');
    await expect.poll(() => page.locator('.account__label').textContent()).toBe('Vic Viewer');
    await openMyAccount(page);

    await page.getByLabel('First name').fill('Victoria');
    await page.getByRole('button', { name: 'Save name' }).click();
    // Half a name is refused before anything is sent.
    await page
      .getByText('Enter both a first and a last name, or leave both empty', { exact: true })
      .waitFor();
    await page.getByLabel('Last name').fill('  Vance ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await toast(page, 'Name saved');
    await expect.poll(() => page.locator('.account__label').textContent()).toBe('Victoria Vance');
    expect(await page.locator('.account__button .avatar').textContent()).toBe('VV');
    await expect.poll(() => page.getByLabel('Last name').inputValue()).toBe('Vance');

    // A new sign-in (another browser) gets the name from the server.
    const other = await openPortal(server.url);
    await signInAndLand(other.page, VIEWER, '/tenant/reports');
    await expect
      .poll(() => other.page.locator('.account__label').textContent())
      .toBe('Victoria Vance');
    await other.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the password: the other browser is signed out on its next request, this one stays', async () => {
    const first = await openPortal(server.url);
    const second = await openPortal(server.url);
    await signInAndLand(first.page, VIEWER, '/tenant/reports');
    await signInAndLand(second.page, VIEWER, '/tenant/reports');
    await openMyAccount(first.page);
    // At least the two browsers of this test (the first test's sessions may still be live too).
    await first.page.getByText('This device').waitFor();

    const form = first.page.locator('section', {
      has: first.page.getByRole('heading', { name: 'Change password' }),
    });
    await form.getByLabel('Current password', { exact: true }).fill('Not-My-Password-1');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your current password is not correct').waitFor();
    expect(new URL(first.page.url()).pathname).toBe('/account');

    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await toast(first.page, 'Password changed. Your other sessions have been signed out.');
    // Only this browser is left.
    await expect.poll(() => sessionItems(first.page).count()).toBe(1);
    await sessionItems(first.page).getByText('This device').waitFor();

    // The second browser's next request (a reload asks the server again) finds its session ended
    // and says why.
    await second.page.reload();
    await second.page.waitForURL((url) => url.pathname === '/login');
    await toast(
      second.page,
      'Your password was changed in another session. Please sign in with the new one.',
    );

    // The first one carries on, across a reload too (its refresh cookie still works).
    await first.page.reload();
    await first.page.getByRole('heading', { name: 'My account' }).waitFor();
    expect(new URL(first.page.url()).pathname).toBe('/account');

    // The old password is refused, the new one signs in.
    await signIn(second.page, VIEWER);
    await second.page.getByText('Invalid email or password').waitFor();
    await signIn(second.page, VIEWER, NEW_PASSWORD);
    await second.page.waitForURL((url) => url.pathname === '/tenant/reports');
    await settled(second.page);

    // Two sessions now; "Sign out everywhere" ends both.
    await first.page.reload();
    await first.page.getByRole('heading', { name: 'My account' }).waitFor();
    await expect.poll(() => sessionItems(first.page).count()).toBe(2);
    await first.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await first.page
      .getByRole('dialog')
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await first.page.waitForURL((url) => url.pathname === '/login');
    await toast(first.page, 'You have been signed out on every device.');
    await first.page.goto('/account');
    await first.page.waitForURL((url) => url.pathname === '/login');

    await second.page.reload();
    await second.page.waitForURL((url) => url.pathname === '/login');

    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('ends one other session from the list', async () => {
    const here = await openPortal(server.url);
    const there = await openPortal(server.url);
    await signInAndLand(here.page, 'root@canopy.test', '/admin');
    await signInAndLand(there.page, 'root@canopy.test', '/admin');
    // Super administrators have My account too.
    await openMyAccount(here.page);
    await expect.poll(() => sessionItems(here.page).count()).toBe(2);
    const other = sessionItems(here.page).filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: /^Sign out/ }).click();
    await toast(here.page, 'Session signed out');
    await expect.poll(() => sessionItems(here.page).count()).toBe(1);

    await there.page.reload();
    await there.page.waitForURL((url) => url.pathname === '/login');
    await navLink(here.page, 'Tenants').click();
    await here.page.waitForURL((url) => url.pathname === '/admin/tenants');
    await here.context.close();
    await there.context.close();
  });

  it('is accessible on a phone in the light and the dark theme', async () => {
    for (const [email, theme] of [
      ['ada@nightly.test', 'dark'],
      [VIEWER, 'light'],
    ] as const) {
      const { context, page, errors } = await openPortal(server.url, { width: 375, height: 812 });
      await signIn(page, email, email === VIEWER ? NEW_PASSWORD : PASSWORD);
      await page.waitForURL((url) => url.pathname !== '/login');
      await settled(page);
      await page.goto('/account');
      await page.getByRole('heading', { name: 'My account' }).waitFor();
      await page.getByText('This device').waitFor();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
        .toBe(theme);
      await expectAccessible(page, `My account (${theme}, 375 px)`);
      // Nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
