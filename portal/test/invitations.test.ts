import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signIn,
  signInAndLand,
  toast,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

const NEW_PASSWORD = 'Brand-New-2';

describe('invitations: tenant admin, resend, revoke, bulk, expired links (Chromium, real server)', () => {
  let server: PortalServer;
  let tenantId = '';

  beforeAll(async () => {
    server = await startPortalServer();
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  /** Mailed links are checked against the server's outbox until `count` have arrived. */
  const linksOf = async (email: string, count: number) => {
    await expect.poll(async () => (await server.mailedLinks(email)).length).toBe(count);
    return server.mailedLinks(email);
  };
  const userId = async (email: string) =>
    (
      await server.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  const row = (page: Page, email: string) => page.locator('tbody tr', { hasText: email });
  /** Sets a password through a link, ending on the sign-in page with the success toast. */
  async function setPasswordWith(page: Page, link: string) {
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  }

  it('creating a tenant invites its administrator by mail', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await page.goto('/admin/tenants');
    await settled(page);
    await page.getByRole('button', { name: 'Add Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Tenant' });
    await dialog.getByLabel('Organization Name').fill('Umbrella');
    await dialog.getByLabel('Admin Email').fill('alice@umbrella.test');
    await dialog.getByLabel('Create Power BI Workspace').uncheck();
    await dialog.getByRole('button', { name: 'Create Tenant' }).click();
    await toast(
      page,
      'Tenant "Umbrella" created successfully. An invitation was sent to alice@umbrella.test.',
    );
    const [link] = await linksOf('alice@umbrella.test', 1);
    expect(link).toMatch(/^\/reset-password\?token=/);
    tenantId = (
      await server.database.db
        .selectFrom('tenants')
        .select('id')
        .where('name', '=', 'Umbrella')
        .executeTakeFirstOrThrow()
    ).id;

    await page.goto(`/admin/users?tenant=${tenantId}`);
    await page.getByRole('heading', { name: 'Users (1)' }).waitFor();
    const alice = row(page, 'alice@umbrella.test');
    await alice.locator('.badge', { hasText: 'Invited' }).waitFor();
    await alice.getByText(/^Invitation expires \d{1,2} [A-Z][a-z]{2} \d{4}$/).waitFor();
    await alice.locator('td[data-label="Role"] .badge', { hasText: 'Admin' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('bulk invites three addresses, one already taken, with a result per address', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await page.goto(`/admin/users?tenant=${tenantId}`);
    await page.getByRole('heading', { name: 'Users (1)' }).waitFor();
    await page
      .getByLabel('Email Address')
      .fill('bob@umbrella.test\ncarol@umbrella.test; alice@umbrella.test');
    await page.getByLabel('Role', { exact: true }).selectOption('Viewer');
    await page.getByRole('button', { name: 'Create User' }).click();
    const results = page.getByRole('list', { name: 'Invitation results' });
    await results.waitFor();
    expect(await results.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/bob@umbrella\.test\s+Invited/),
      expect.stringMatching(/carol@umbrella\.test\s+Invited/),
      expect.stringMatching(/alice@umbrella\.test\s+Already has an account/),
    ]);
    await toast(page, '2 of 3 invited as Viewer');
    await page.getByRole('heading', { name: 'Users (3)' }).waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe('');
    await linksOf('bob@umbrella.test', 1);
    await linksOf('carol@umbrella.test', 1);
    expect(errors).toEqual([]);
  });

  it('resend: the old link is refused with an explanation, the new one works', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await page.goto(`/admin/users?tenant=${tenantId}`);
    const [oldLink] = await linksOf('bob@umbrella.test', 1);
    await row(page, 'bob@umbrella.test')
      .getByRole('button', { name: 'Resend invitation to bob@umbrella.test' })
      .click();
    await toast(page, 'Invitation sent again to bob@umbrella.test');
    const links = await linksOf('bob@umbrella.test', 2);

    const visitor = await openPortal(server.url);
    await visitor.page.goto(oldLink ?? '/');
    await visitor.page.getByRole('heading', { name: 'Link expired' }).waitFor();
    await visitor.page.getByText('This link has expired or was already used').waitFor();
    await visitor.page.getByRole('button', { name: 'Send Me a New Invitation' }).waitFor();
    await setPasswordWith(visitor.page, links[1] ?? '/');
    await toast(visitor.page, 'Password reset successfully! You can now log in.');
    await page.reload();
    await row(page, 'bob@umbrella.test').getByText('Never').waitFor();
    expect(await row(page, 'bob@umbrella.test').getByText('Invited').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  it('revoke: after the confirmation the invited person is gone from the list', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await page.goto(`/admin/users?tenant=${tenantId}`);
    await page.getByRole('heading', { name: 'Users (3)' }).waitFor();
    await row(page, 'carol@umbrella.test')
      .getByRole('button', { name: 'Revoke invitation of carol@umbrella.test' })
      .click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await toast(page, 'Invitation of carol@umbrella.test revoked');
    await page.getByRole('heading', { name: 'Users (2)' }).waitFor();
    expect(await row(page, 'carol@umbrella.test').count()).toBe(0);
    const [carolLink] = await server.mailedLinks('carol@umbrella.test');
    await page.goto(carolLink ?? '/');
    await page.getByRole('heading', { name: 'Link expired' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('an expired invitation explains itself and mails a new link on request', async () => {
    const alice = await userId('alice@umbrella.test');
    await server.database.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', alice)
      .execute();
    const admin = await openPortal(server.url);
    await signInAndLand(admin.page, 'root@canopy.test', '/admin');
    await admin.page.goto(`/admin/users?tenant=${tenantId}`);
    await row(admin.page, 'alice@umbrella.test').getByText('Invitation expired').waitFor();

    const { page, errors } = await openPortal(server.url);
    const [expiredLink] = await linksOf('alice@umbrella.test', 1);
    await page.goto(expiredLink ?? '/');
    await page.getByRole('heading', { name: 'Link expired' }).waitFor();
    await page.getByText('This link has expired or was already used').waitFor();
    await page.getByRole('button', { name: 'Send Me a New Invitation' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'If this invitation is still open, a new link has been sent' })
      .waitFor();
    const links = await linksOf('alice@umbrella.test', 2);
    await setPasswordWith(page, links[1] ?? '/');
    await signIn(page, 'alice@umbrella.test', NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it('the list with invitations is accessible at 375 px in both themes', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${await server.tokenFor('root@canopy.test')}` },
      payload: { email: 'dave.with.a.long.address@umbrella.test', tenantId, role: 'Viewer' },
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors } = await openPortal(server.url, {
        width: 375,
        height: 740,
        colorScheme,
      });
      await signInAndLand(page, 'root@canopy.test', '/admin');
      await page.goto(`/admin/users?tenant=${tenantId}`);
      const dave = row(page, 'dave.with.a.long.address@umbrella.test');
      await dave.getByText(/^Invitation expires /).waitFor();
      await dave.getByRole('button', { name: /^Resend invitation/ }).waitFor();
      await expectAccessible(page, `users with invitations, 375 px ${colorScheme}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      expect(errors).toEqual([]);
    }
  });
});
