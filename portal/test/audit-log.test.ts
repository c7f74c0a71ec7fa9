import { readFile } from 'node:fs/promises';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAnalyticsSettings } from '../../server/src/modules/analytics/start-local-analytics.ts';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signInAndLand,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

describe('the audit log (Chromium, real server and emulator)', () => {
  let emulator: RunningEmulator;
  let server: PortalServer;
  let page: Page;
  let errors: string[];
  let rootToken: string;
  let acmeId: string;

  const api = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });
  const rows = () => page.locator('.audit-table tbody tr');
  const firstRow = () => rows().first();
  /** The audit log as the URL says, once its rows (or its empty state) are on screen. */
  const openLog = async (search = '') => {
    await page.goto(`/admin/audit${search}`);
    await settled(page);
    await page.locator('.audit-table tbody tr:not(.skeleton-row), .empty-state').first().waitFor();
  };

  beforeAll(async () => {
    emulator = await startEmulator({ populateNewWorkspaces: false });
    server = await startPortalServer({ analytics: localAnalyticsSettings(emulator) });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    rootToken = await server.tokenFor('root@canopy.test');
    // A tenant made through the API, with its workspace in the emulator: tenant.create is audited.
    const created = await api('POST', '/api/admin/tenants', rootToken, {
      name: 'Acme',
      adminEmail: 'owner@acme.test',
      createPowerBIWorkspace: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    acmeId = created.json<{ id: string }>().id;
    const globex = await server.createTenant({ name: 'Globex' });
    await server.createPerson({ tenantId: globex.id, role: 'Admin', email: 'gia@globex.test' });
    await server.tokenFor('gia@globex.test'); // auth.login in Globex
    await server.createPerson({ tenantId: acmeId, role: 'Admin', email: 'ann@acme.test' });
    ({ page, errors } = await openPortal(server.url));
    await signInAndLand(page, 'root@canopy.test', '/admin');
  }, 60_000);
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
    await emulator?.close();
  });

  it('is in the top navigation and lists events newest first', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Audit Log' })
      .click();
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    await settled(page);
    // The super admin's own sign-in is the newest event.
    await firstRow().getByText('Signed in', { exact: true }).waitFor();
    expect(await firstRow().getByText('root@canopy.test').count()).toBe(1);
    await expectAccessible(page, 'audit log');
  });

  it('shows a change made elsewhere at the top, with who, tenant, action, target and details', async () => {
    const ann = await server.tokenFor('ann@acme.test');
    const changed = await api('PUT', `/api/tenants/${acmeId}/settings`, ann, {
      primaryColor: '#0f766e',
      theme: 'light',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await openLog();
    const top = firstRow();
    await top.getByText('Tenant settings changed').waitFor();
    expect(await top.locator('[data-label="Who"]').textContent()).toContain('ann@acme.test');
    expect(await top.locator('[data-label="Tenant"]').textContent()).toBe('Acme');
    expect(await top.locator('[data-label="Action"] code').textContent()).toBe('settings.update');
    expect(await top.locator('[data-label="Target"] code').textContent()).toBe(`tenant:${acmeId}`);
    expect(await top.locator('[data-label="From"]').textContent()).toMatch(/127\.0\.0\.1|::1|—/);
    // The time is local, with how long ago in its tooltip.
    expect(await top.locator('time').getAttribute('title')).toMatch(/now|second|minute/);
    await top.getByText('Details').click();
    expect(await top.locator('pre').textContent()).toContain('#0f766e');
    await expectAccessible(page, 'audit log, details open');
  });

  it('filters by action and by tenant, in the URL', async () => {
    await page.getByLabel('Action').selectOption('tenant.create');
    await page.waitForURL((url) => url.searchParams.get('action') === 'tenant.create');
    await page.getByRole('heading', { name: 'Events (1)' }).waitFor();
    expect(await firstRow().locator('[data-label="Tenant"]').textContent()).toBe('Acme');
    await page.getByLabel('Action').selectOption('');
    await page.getByLabel('Tenant', { exact: true }).selectOption({ label: 'Globex' });
    await page.waitForURL(
      (url) => url.searchParams.has('tenant') && !url.searchParams.has('action'),
    );
    await page.getByRole('heading', { name: 'Events (1)' }).waitFor();
    expect(await firstRow().getByText('gia@globex.test').count()).toBe(1);
    // A reload keeps the view.
    await page.reload();
    await settled(page);
    await page.getByRole('heading', { name: 'Events (1)' }).waitFor();
    // The picker shows its value once the list of tenants has loaded.
    await expect.poll(() => page.getByLabel('Tenant', { exact: true }).inputValue()).not.toBe('');
  });

  it('says when nothing matches, and refuses a range that ends before it starts', async () => {
    await openLog('?person=nobody-like-this');
    await page.getByText('No events found').waitFor();
    expect(await rows().count()).toBe(0);
    await expectAccessible(page, 'audit log, empty');
    await openLog('?from=2026-11-20&to=2026-11-10');
    await page.getByText('The start date is after the end date').waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
  });

  it('exports the filtered view as a CSV file with the row', async () => {
    await openLog(`?tenant=${acmeId}&action=settings.update`);
    await page.getByRole('heading', { name: 'Events (1)' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^canopy-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^When \(UTC\),Actor ID,Actor email,/);
    expect(lines[1]).toContain(`,ann@acme.test,,${acmeId},Acme,settings.update,tenant:${acmeId},`);
    expect(errors).toEqual([]);
  });

  it('reads on a phone: each event is a card with labelled cells', async () => {
    const phone = await openPortal(server.url, { width: 375, height: 800, colorScheme: 'dark' });
    await signInAndLand(phone.page, 'root@canopy.test', '/admin');
    await phone.page.goto('/admin/audit');
    await settled(phone.page);
    const row = phone.page.locator('.audit-table tbody tr').first();
    await row.locator('[data-label="Action"]').waitFor();
    const box = await row.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375);
    await expectAccessible(phone.page, 'audit log, phone, dark');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
