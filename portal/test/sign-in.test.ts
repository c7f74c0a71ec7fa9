import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signIn,
  signInAndLand,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

describe('sign-in, landing pages and the guard (Chromium, real server)', () => {
  let server: PortalServer;
  let people: Record<'superAdmin' | 'admin' | 'viewer', { email: string }>;

  beforeAll(async () => {
    server = await startPortalServer();
    const tenant = await server.createTenant({ name: 'Acme' });
    people = {
      superAdmin: await server.createPerson({ superAdmin: true, email: 'root@canopy.test' }),
      admin: await server.createPerson({
        tenantId: tenant.id,
        role: 'Admin',
        email: 'ann.admin@acme.test',
      }),
      viewer: await server.createPerson({
        tenantId: tenant.id,
        role: 'Viewer',
        email: 'vic.viewer@acme.test',
      }),
    };
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('should show the login form, accessible, with its validation messages', async () => {
    const { page, errors } = await openPortal(server.url);
    await page.goto('/login');
    await expectAccessible(page, 'login');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    // No CANOPY_SUPPORT_EMAIL on this server: no link to a made-up address, whom to ask instead.
    await page.getByText("Need an account? Ask your organization's administrator.").waitFor();
    expect(await page.getByRole('link', { name: 'Contact Administrator' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('should land super admins on /admin, Admins on /users, Viewers on /tenant/reports', async () => {
    for (const [who, path] of [
      ['superAdmin', '/admin'],
      ['admin', '/users'],
      ['viewer', '/tenant/reports'],
    ] as const) {
      const { page, context, errors } = await openPortal(server.url);
      await signInAndLand(page, people[who].email, path);
      // The root redirect agrees with the landing page.
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === path);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('should show the super admin subtitle, nav and account menu', async () => {
    const { page } = await openPortal(server.url);
    await signInAndLand(page, people.superAdmin.email, '/admin');
    await page.getByText('Super Admin Panel').waitFor();
    await page.getByRole('heading', { name: 'Total Tenants' }).waitFor();
    await expectAccessible(page, 'admin dashboard');
    await page.getByRole('button', { name: /Account menu/ }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('root@canopy.test').waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
  });

  it('should offer Settings to a tenant Admin and sign out from the menu', async () => {
    const { page } = await openPortal(server.url);
    await signInAndLand(page, people.admin.email, '/users');
    await page.getByText('Dashboard', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Account menu for Ann Admin' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // Signed out for real: a protected page sends them back to /login.
    await page.goto('/users');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('should send people without the role, the signed-out and unknown paths to /login', async () => {
    const anonymous = await openPortal(server.url);
    await anonymous.page.goto('/admin/tenants');
    await anonymous.page.waitForURL((url) => url.pathname === '/login');
    await anonymous.page.goto('/no/such/page');
    await anonymous.page.waitForURL((url) => url.pathname === '/login');

    const viewer = await openPortal(server.url);
    await signInAndLand(viewer.page, people.viewer.email, '/tenant/reports');
    await viewer.page.goto('/admin/tenants');
    await viewer.page.waitForURL((url) => url.pathname === '/login');
    await viewer.page.goto('/tenant/settings');
    await viewer.page.waitForURL((url) => url.pathname === '/login');
  });

  it('should show the server message for a wrong password and the lockout message', async () => {
    const locked = await server.createPerson({ superAdmin: true, email: 'lock.me@canopy.test' });
    const { page } = await openPortal(server.url);
    await signIn(page, locked.email, 'Wrong-password-1');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    for (let attempt = 2; attempt <= 5; attempt++) {
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    }
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many failed sign-in attempts. Try again in 15 minutes.' })
      .waitFor();
  });

  it('should sign the person out with "Session expired" when the server answers 401', async () => {
    const { page, context } = await openPortal(server.url);
    await signInAndLand(page, people.superAdmin.email, '/admin');
    // The server forgets the session (revoked elsewhere): no cookie to refresh, a token it refuses.
    await context.clearCookies();
    await page.evaluate(() => {
      const key = 'canopy.session';
      const session = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      sessionStorage.setItem(key, JSON.stringify({ ...session, token: 'revoked' }));
    });
    await page.goto('/admin/tenants');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('alert').filter({ hasText: 'Session expired' }).waitFor();
    await settled(page);
  });

  it('should show the Invalid Token page and the forgot-password form', async () => {
    const { page } = await openPortal(server.url);
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Invalid Token' }).waitFor();
    await expectAccessible(page, 'invalid token');
    // Like every other sign-in page, it offers the way back.
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
    await page.getByRole('link', { name: 'Request New Link' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await expectAccessible(page, 'forgot password');
  });
});
