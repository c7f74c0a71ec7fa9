import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localAnalyticsSettings } from '../../server/src/modules/analytics/start-local-analytics.ts';
import { readOutbox } from '../../server/src/modules/mail/mailer.ts';
import { startSubscriptionWorker } from '../../server/src/modules/subscriptions/subscription-worker.ts';
// The emulator's PDF reader (its test support): the mailed file's first page, as text.
import { parsePdf } from '../../packages/emulator/test/support/pdf-reader.ts';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signInAndLand,
  toast,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

describe('report subscriptions (Chromium, real server, emulator, the worker)', () => {
  let emulator: RunningEmulator;
  let server: PortalServer;
  let stopWorker: () => void;
  let page: Page;
  let errors: string[];
  let reportId: string;
  let tenantId: string;

  beforeAll(async () => {
    emulator = await startEmulator({ populateNewWorkspaces: false });
    server = await startPortalServer({ analytics: localAnalyticsSettings(emulator) });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    const root = await server.tokenFor('root@canopy.test');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: { authorization: `Bearer ${root}` },
      payload: { name: 'Acme', adminEmail: 'owner@acme.test', createPowerBIWorkspace: true },
    });
    const tenant = created.json<{ id: string; powerBiGroupId: string }>();
    tenantId = tenant.id;
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: 'ann.admin@acme.test' });
    const listed = await server.app.inject({
      method: 'POST',
      url: '/api/admin/powerbi/reports',
      headers: { authorization: `Bearer ${root}` },
      payload: { groupId: tenant.powerBiGroupId },
    });
    reportId = listed.json<{ reports: { id: string }[] }>().reports[0]!.id;
    // The worker as server.ts starts it, polling often so "Send now" arrives within the test.
    stopWorker = startSubscriptionWorker(server.app.subscriptions, {
      pollMs: 200,
      exportTimeoutMs: 30_000,
    });
    const opened = await openPortal(server.url);
    page = opened.page;
    errors = opened.errors;
    await signInAndLand(page, 'ann.admin@acme.test', '/users');
  }, 180_000);
  afterAll(async () => {
    stopWorker?.();
    await closeBrowser();
    await server?.close();
    await emulator?.close();
  });

  it("sets the tenant's time zone from a searchable list", async () => {
    await page.goto('/tenant/settings');
    await settled(page);
    const zone = page.getByLabel('Time zone');
    await zone.fill('Europe/Londn');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Choose a time zone from the list').waitFor();
    await zone.fill('Europe/London');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Tenant settings updated');
  });

  it('subscribes from the report view, in the tenant time zone', async () => {
    await page.goto(`/tenant/reports/${reportId}`);
    await settled(page);
    await page.getByRole('heading', { name: 'Sales Overview' }).waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe' });
    await dialog.getByText("In the organization's time zone: Europe/London").waitFor();
    await dialog.getByLabel('Recipient').waitFor();
    await dialog.getByLabel('Format').selectOption('PDF');
    await dialog.getByLabel('Frequency').selectOption('weekly');
    await dialog.getByLabel('Weekday').selectOption('Monday');
    await dialog.getByLabel('Time').fill('08:00');
    // The report's pages come from the analytics service; one page may be chosen.
    await dialog.getByRole('option', { name: 'Details' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Page').selectOption({ label: 'Overview' });
    await expectAccessible(page, 'subscribe dialog');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, 'Subscribed to "Sales Overview"');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lists it under My subscriptions and mails the PDF on "Send now"', async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'My subscriptions' }).click();
    await settled(page);
    await page.getByRole('heading', { name: 'My subscriptions' }).waitFor();
    await page.getByText('Weekly on Monday at 08:00 Europe/London').waitFor();
    await expectAccessible(page, 'my subscriptions');
    await page.getByRole('button', { name: /^Send now Sales Overview/ }).click();
    await toast(page, '"Sales Overview" is on its way to ann.admin@acme.test');

    const mail = await vi.waitFor(
      async () => {
        const mails = await readOutbox(join(server.config.dataDir, 'outbox'));
        const found = mails.find((m) => m.to === 'ann.admin@acme.test' && m.attachments?.length);
        if (!found) throw new Error('not mailed yet');
        return found;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(mail.subject).toMatch(/^Sales Overview — /);
    expect(mail.text).toContain(`/tenant/reports/${reportId}`);
    const [file] = mail.attachments!;
    expect(file!.contentType).toBe('application/pdf');
    const pdf = Buffer.from(file!.content, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(parsePdf(pdf).pages[0]?.join(' ')).toContain('Sales Overview');

    // The list shows when it was sent.
    await page.reload();
    await settled(page);
    await expect.poll(async () => page.locator('tbody tr td').nth(3).textContent()).not.toBe('—');
  });

  it("shows an Admin the tenant's subscriptions with the recipient", async () => {
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await settled(page);
    await page.getByRole('heading', { name: 'Subscriptions', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'ann.admin@acme.test', exact: true }).waitFor();
    await expectAccessible(page, 'tenant subscriptions');
  });

  it("shows a super administrator any tenant's subscriptions from its report list", async () => {
    const root = await openPortal(server.url);
    await signInAndLand(root.page, 'root@canopy.test', '/admin');
    await root.page.goto(`/admin/tenants/${tenantId}/reports`);
    await settled(root.page);
    await root.page.getByRole('link', { name: 'Subscriptions' }).click();
    await settled(root.page);
    await root.page.getByRole('heading', { name: 'Subscriptions (1)' }).waitFor();
    await root.page.getByRole('cell', { name: 'ann.admin@acme.test', exact: true }).waitFor();
    await expectAccessible(root.page, 'tenant subscriptions for the super admin');
    expect(root.errors).toEqual([]);
    await root.context.close();
  });

  it('changes the schedule from the list, keeping the recipient', async () => {
    await page.goto('/account/subscriptions');
    await settled(page);
    await page.getByRole('button', { name: /^Edit schedule of Sales Overview/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Schedule' });
    await dialog.getByText('mailed to ann.admin@acme.test').waitFor();
    expect(await dialog.getByLabel('Recipient').count()).toBe(0);
    await dialog.getByLabel('Frequency').selectOption('monthly');
    await dialog.getByLabel('Day of the month').selectOption('31');
    await dialog.getByLabel('Time').fill('17:30');
    await expectAccessible(page, 'edit schedule dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Schedule of "Sales Overview" updated');
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByText('Monthly on day 31 (or the last day) at 17:30 Europe/London', { exact: false })
      .waitFor();
  });

  it('pauses, resumes and deletes after a confirmation', async () => {
    await page.goto('/account/subscriptions');
    await settled(page);
    await page.getByRole('button', { name: /^Pause Sales Overview/ }).click();
    await toast(page, '"Sales Overview" paused');
    await page.getByText('Paused', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Resume Sales Overview/ }).click();
    await toast(page, '"Sales Overview" resumed');
    await page.getByRole('button', { name: /^Delete Sales Overview/ }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Subscription deleted');
    await page.getByText('No subscriptions yet').waitFor();
    expect(errors).toEqual([]);
  });
});
