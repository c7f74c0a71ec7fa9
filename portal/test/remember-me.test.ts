import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './support/people.ts';
import { closeBrowser, getBrowser, openPortal, settled } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

/**
 * "Remember me" in a real browser. Closing a browser drops its session cookies and its
 * sessionStorage and keeps the cookies that carry an expiry: a "restart" here is a new context
 * given only the cookies with an expiry of the old one (Playwright marks session cookies with
 * expires -1).
 */
describe('Remember me across a browser restart (Chromium, real server)', () => {
  let server: PortalServer;
  let email: string;

  beforeAll(async () => {
    server = await startPortalServer();
    const tenant = await server.createTenant({ name: 'Acme' });
    email = 'vic.viewer@acme.test';
    await server.createPerson({ tenantId: tenant.id, role: 'Viewer', email });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  async function signInAndRestart(remember: boolean): Promise<BrowserContext> {
    const { context, page, errors } = await openPortal(server.url);
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    if (remember) await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/tenant/reports');
    await settled(page);
    expect(errors).toEqual([]);

    const { cookies } = await context.storageState();
    await context.close();
    const restarted = await (
      await getBrowser()
    ).newContext({
      baseURL: server.url,
      storageState: { cookies: cookies.filter((cookie) => cookie.expires > 0), origins: [] },
    });
    return restarted;
  }

  it('unticked: the session ends with the browser', async () => {
    const context = await signInAndRestart(false);
    const page = await context.newPage();
    await page.goto('/tenant/reports');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('ticked: a restarted browser is still signed in', async () => {
    const context = await signInAndRestart(true);
    const page = await context.newPage();
    await page.goto('/tenant/reports');
    await page.getByRole('heading', { name: 'Power BI Reports' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tenant/reports');
    await context.close();
  });
});
