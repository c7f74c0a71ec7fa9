import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, openPortal, settled, signInAndLand, toast } from './support/browser.ts';
import { solidPng } from './support/png.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

/**
 * The defects a strict QA pass found, each driven as its user met it: Chromium against the real
 * server. (Remember me, the data-integration cards and the dashboard counts have their own files:
 * remember-me, data-integration and tenant-people.)
 */
const LONG_EMAIL = 'maximilian.fitzgerald-vanderbilt@accounts.initech-corporation.test';

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};
/** What "Chat with" offers, in lower case (names or addresses, whichever the list shows). */
// The people list loads after the panel opens, so wait until it holds more than the placeholder.
const chatChoices = async (page: Page) => {
  await page.getByRole('button', { name: /^Open Team Chat/ }).click();
  const options = page.getByLabel('Chat with').locator('option');
  await expect.poll(() => options.count()).toBeGreaterThan(1);
  const texts = await options.allTextContents();
  await page.keyboard.press('Escape');
  return texts.join(' | ').toLowerCase();
};

describe('QA defects, each as its user met it (Chromium, real server)', () => {
  let server: PortalServer;
  let tenantId: string;

  beforeAll(async () => {
    server = await startPortalServer();
    const initech = await server.createTenant({ name: 'Initech', theme: 'dark' });
    tenantId = initech.id;
    await server.createPerson({ tenantId, role: 'Admin', email: 'bill@initech.test' });
    await server.createPerson({ tenantId, role: 'Admin', email: 'joanna@initech.test' });
    await server.createPerson({ tenantId, role: 'Viewer', email: 'milton@initech.test' });
    await server.createPerson({ tenantId, role: 'Viewer', email: 'samir@initech.test' });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
  }, 120_000);
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('D16, D6: a cold /login logs no error, and Contact Administrator mails the operator', async () => {
    const { page, errors } = await openPortal(server.url);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.getByText("Need an account? Ask your organization's administrator.").waitFor();
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);

    // The operator sets CANOPY_SUPPORT_EMAIL (read on each request).
    server.app.config.supportEmail = 'help@initech.test';
    try {
      await page.reload();
      const contact = page.getByRole('link', { name: 'Contact Administrator' });
      expect(await contact.getAttribute('href')).toBe('mailto:help@initech.test');
    } finally {
      server.app.config.supportEmail = null;
    }
    expect(consoleErrors).toEqual([]);
  });

  it('D8: a super admin who opens a tenant page goes to their own home instead', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    for (const path of ['/tenant/settings', '/dashboard']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { name: 'Total Tenants' }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('D13 and the password field: the super admin form invites, and says one thing once', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    await page.goto('/admin/users');
    await settled(page);
    await page.getByRole('button', { name: 'Create User' }).waitFor();
    // Accounts are invited by mail: no password to hand over.
    expect(await page.getByLabel(/password/i).count()).toBe(0);

    await page.getByRole('button', { name: 'Create User' }).click();
    const shown = page.locator('.toast', { hasText: 'Please select a tenant first' });
    await shown.waitFor();
    expect(await shown.locator('.toast__message').textContent()).toBe(
      'Please select a tenant first',
    );
    expect(await shown.locator('.toast__icon').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('D4: no actions on my own row, and a refusal says why', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'bill@initech.test', '/users');
    const own = page.locator('tbody tr', { hasText: 'bill@initech.test' });
    await own.waitFor();
    expect(await own.getByRole('button').count()).toBe(0);
    await own.getByText('You', { exact: true }).waitFor();

    // Samir is deleted elsewhere while the list still shows him: the server's reason is shown.
    const samir = page.locator('tbody tr', { hasText: 'samir@initech.test' });
    await samir.getByRole('button', { name: 'Delete samir@initech.test' }).waitFor();
    await server.database.db
      .deleteFrom('users')
      .where('email', '=', 'samir@initech.test')
      .execute();
    await samir.getByRole('button', { name: 'Delete samir@initech.test' }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Error deleting user: User not found');
    expect(errors).toEqual([]);
  });

  it('D10, D12, D14: an invited person is marked, wraps on a phone, and is not offered in chat', async () => {
    const { page, errors } = await openPortal(server.url, { width: 375, height: 720 });
    await signInAndLand(page, 'bill@initech.test', '/users');
    await page.getByLabel('Email Address').fill(LONG_EMAIL);
    await page.getByRole('button', { name: 'Create User' }).click();
    // D14: the toast does not cover the chat button.
    const created = page.locator('.toast', { hasText: `User ${LONG_EMAIL} added as Viewer` });
    await created.waitFor();
    const launcher = page.getByRole('button', { name: /^Open Team Chat/ });
    expect(overlaps(await box(created), await box(launcher))).toBe(false);

    // D12: the address wraps inside its cell; the badge stays whole beside it; no sideways scroll.
    const row = page.locator('tbody tr', { hasText: LONG_EMAIL });
    await row.waitFor();
    const badge = row.locator('.badge', { hasText: 'Invited' });
    const badgeBox = await box(badge);
    const text = await box(row.locator('.user-email__address'));
    expect(badgeBox.height).toBeLessThan(32);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(375);
    expect(text.x + text.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // D10: the invited person cannot sign in yet, so chat does not offer them.
    await created.waitFor({ state: 'detached' });
    const choices = await chatChoices(page);
    expect(choices).toContain('milton');
    expect(choices).not.toContain('maximilian');
    expect(errors).toEqual([]);
  });

  it('D3, D15: the logo picker is labelled once, says what it takes, and refusals say why', async () => {
    const { page, errors } = await openPortal(server.url);
    await signInAndLand(page, 'joanna@initech.test', '/users');
    await page.goto('/tenant/settings');
    await page.getByRole('heading', { name: 'Tenant Settings' }).waitFor();
    await settled(page);
    expect(await page.getByText('Logo', { exact: true }).count()).toBe(1);
    const hint = await page.getByText(/up to \d+ MB/).textContent();
    expect(hint).toContain('PNG, JPEG, GIF or WebP');
    expect(hint).not.toContain('SVG');

    const picker = page.getByLabel('Logo', { exact: true });
    await picker.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'),
    });
    await page.getByRole('button', { name: 'Upload Logo' }).click();
    await toast(page, 'Logo upload failed: use a PNG, JPEG, GIF or WebP image');

    // A real PNG over the limit: refused for its size, and the toast says so.
    const png = solidPng([22, 163, 74]);
    await picker.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]),
    });
    await page.getByRole('button', { name: 'Upload Logo' }).click();
    await toast(page, 'Logo upload failed: the file is larger than 2 MB');
    expect(errors).toEqual([]);
  });

  it('a role change signs the person out with its own reason, not "Session expired"', async () => {
    const viewer = await openPortal(server.url);
    await signInAndLand(viewer.page, 'milton@initech.test', '/tenant/reports');

    const admin = await openPortal(server.url);
    await signInAndLand(admin.page, 'bill@initech.test', '/users');
    const row = admin.page.locator('tbody tr', { hasText: 'milton@initech.test' });
    await row.getByRole('button', { name: 'Edit milton@initech.test' }).click();
    await admin.page.getByLabel('Role for milton@initech.test').selectOption('Admin');
    await row.getByRole('button', { name: 'Save' }).click();
    await toast(admin.page, 'Role updated');

    // Milton's next step: the stream closed at once; any request now ends the session, saying why.
    await viewer.page.reload();
    await viewer.page.waitForURL((url) => url.pathname === '/login');
    await viewer.page.getByText('Your role was changed. Please sign in again.').first().waitFor();
    expect(await viewer.page.getByText('Session expired').count()).toBe(0);
    expect(viewer.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
