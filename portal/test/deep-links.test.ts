import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, openPortal, settled, signIn } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { totpCode } from './support/totp.ts';

const VIEWER = 'val.viewer@acme.test';
const ADMIN = 'ada.admin@acme.test';
const TWO_STEP_ADMIN = 'tess.totp@acme.test';
const STRICT_VIEWER = 'sid.strict@strict.test';

/** The widths that matter: a phone, a tablet, a laptop. */
const WIDTHS = [375, 900, 1280] as const;

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

/** Fills the sign-in form the guard led to (the address stays /login?next=… until signed in). */
async function fillSignIn(page: Page, email: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('deep links survive sign-in (Chromium, real server)', () => {
  let server: PortalServer;
  let totpSecret: string;

  beforeAll(async () => {
    server = await startPortalServer();
    const acme = await server.createTenant({ name: 'Acme', theme: 'light' });
    const strict = await server.createTenant({ name: 'Strict', theme: 'light' });
    await server.database.db
      .updateTable('tenants')
      .set({ require_mfa: true })
      .where('id', '=', strict.id)
      .execute();
    await server.createPerson({ tenantId: acme.id, role: 'Viewer', email: VIEWER });
    await server.createPerson({ tenantId: acme.id, role: 'Admin', email: ADMIN });
    await server.createPerson({ tenantId: acme.id, role: 'Admin', email: TWO_STEP_ADMIN });
    await server.createPerson({ tenantId: strict.id, role: 'Viewer', email: STRICT_VIEWER });
    // An authenticator app for TWO_STEP_ADMIN, set up through the API as My account does.
    const token = await server.tokenFor(TWO_STEP_ADMIN);
    const headers = { authorization: `Bearer ${token}` };
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/account/mfa/totp',
      headers,
    });
    totpSecret = started.json<{ secret: string }>().secret;
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/api/account/mfa/totp/confirm',
      headers,
      payload: { code: totpCode(totpSecret, Date.now(), -1) },
    });
    expect(confirmed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it.each(WIDTHS)(
    'a mail link opened signed out lands there after sign-in (%i px)',
    async (width) => {
      const { context, page, errors } = await openPortal(server.url, { width });
      // "My subscriptions" in every subscription mail.
      await page.goto('/account/subscriptions');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/account/subscriptions');
      await fillSignIn(page, VIEWER);
      await page.waitForURL((url) => url.pathname === '/account/subscriptions');
      await page.getByRole('heading', { name: 'My subscriptions' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('keeps the query of a shared list address, and the report a mail opens', async () => {
    const { context, page, errors } = await openPortal(server.url);
    await page.goto('/tenant/users?search=ada&role=Admin');
    await page.waitForURL((url) => url.pathname === '/login');
    await fillSignIn(page, ADMIN);
    await page.waitForURL((url) => url.pathname === '/tenant/users');
    expect(pathOf(page)).toBe('/tenant/users?search=ada&role=Admin');
    await settled(page);
    expect(errors).toEqual([]);
    await context.close();

    // "Open it in the portal": the report's own address.
    const second = await openPortal(server.url, { width: 375 });
    await second.page.goto('/tenant/reports/0f8fad5b-d9cb-469f-a165-70867728950e');
    await second.page.waitForURL((url) => url.pathname === '/login');
    await fillSignIn(second.page, VIEWER);
    await second.page.waitForURL(
      (url) => url.pathname === '/tenant/reports/0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    await second.context.close();
  });

  it('comes back to the address after an expired session', async () => {
    const { context, page, errors } = await openPortal(server.url, { width: 900 });
    await signIn(page, VIEWER);
    await page.waitForURL((url) => url.pathname === '/tenant/reports');
    await settled(page);
    // The session ends under the person: the access token no longer works and the refresh
    // cookie is gone (what a server-side expiry looks like to the browser).
    await page.evaluate(() => {
      const stored = JSON.parse(sessionStorage.getItem('canopy.session') ?? '{}') as object;
      sessionStorage.setItem('canopy.session', JSON.stringify({ ...stored, token: 'expired' }));
    });
    await context.clearCookies();
    await page.goto('/account/subscriptions?from=mail');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/account/subscriptions?from=mail');
    await page.locator('.toast').filter({ hasText: 'Session expired' }).first().waitFor();
    await fillSignIn(page, VIEWER);
    await page.waitForURL((url) => url.pathname === '/account/subscriptions');
    expect(pathOf(page)).toBe('/account/subscriptions?from=mail');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes through the second step, and through a required set-up, to the address', async () => {
    const { context, page, errors } = await openPortal(server.url, { width: 375 });
    await page.goto('/tenant/settings');
    await page.waitForURL((url) => url.pathname === '/login');
    await fillSignIn(page, TWO_STEP_ADMIN);
    await page.getByLabel('Verification code').fill(totpCode(totpSecret));
    await page.waitForURL((url) => url.pathname === '/tenant/settings');
    await settled(page);
    expect(errors).toEqual([]);
    await context.close();

    // A person who must set up a second factor first: set-up, then on to the address.
    const strict = await openPortal(server.url, { width: 1280 });
    await strict.page.goto('/account/subscriptions');
    await strict.page.waitForURL((url) => url.pathname === '/login');
    await fillSignIn(strict.page, STRICT_VIEWER);
    await strict.page.waitForURL(
      (url) =>
        url.pathname === '/two-step-setup' &&
        url.searchParams.get('next') === '/account/subscriptions',
    );
    await strict.page.getByRole('button', { name: 'Use an authenticator app' }).click();
    const secret = ((await strict.page.getByLabel('Setup key').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    await strict.page.getByLabel('Code from the app').fill(totpCode(secret, Date.now(), -1));
    await strict.page.getByRole('button', { name: 'Turn on' }).click();
    await strict.page.getByRole('button', { name: 'Continue' }).click();
    await strict.page.waitForURL((url) => url.pathname === '/account/subscriptions');
    expect(strict.errors).toEqual([]);
    await strict.context.close();
  });

  it('refuses every address that would leave the site, and a deliberate sign-out forgets it', async () => {
    const { context, page, errors } = await openPortal(server.url);
    const hostile = [
      '//evil.test/phish',
      'https://evil.test/',
      '/\\evil.test',
      '/\\/evil.test',
      '\\\\evil.test',
      '/%09/evil.test',
      '/\t/evil.test',
      'javascript:alert(1)',
    ];
    for (const next of hostile) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await fillSignIn(page, VIEWER);
      // Home, on this origin, whatever was asked ("/%09/evil.test" is a path here: no such page).
      await page.waitForURL((url) => url.pathname === '/tenant/reports');
      expect(new URL(page.url()).origin).toBe(server.url);
      await settled(page);
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      // Signing out on purpose is not an expiry: nothing to come back to.
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).search).toBe('');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
