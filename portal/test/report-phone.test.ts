import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAnalyticsSettings } from '../../server/src/modules/analytics/start-local-analytics.ts';
import {
  closeBrowser,
  openPortal,
  settled,
  signInAndLand,
  type Session,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

/**
 * A report on a phone (Chromium, real server, emulator): below the phone breakpoint the portal
 * asks for the report's phone layout, so on a 375×812 screen the visuals span the width and fill
 * the frame without overlapping; turning the phone switches to the landscape view without a
 * reload; fullscreen covers the screen; a desktop-sized window gets the desktop page again.
 */
describe('report view on a phone', () => {
  let emulator: RunningEmulator;
  let server: PortalServer;
  let session: Session;
  let page: Page;

  beforeAll(async () => {
    emulator = await startEmulator({ populateNewWorkspaces: false });
    const analytics = localAnalyticsSettings(emulator);
    analytics.template.reportIds = [emulator.sample.securedReportId];
    server = await startPortalServer({ analytics });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    const root = await server.tokenFor('root@canopy.test');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: { authorization: `Bearer ${root}` },
      payload: { name: 'Acme', adminEmail: 'owner@acme.test', createPowerBIWorkspace: true },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const tenant = created.json<{ id: string; powerBiGroupId: string }>();
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: 'ann@acme.test' });
    const listed = await server.app.inject({
      method: 'POST',
      url: '/api/admin/powerbi/reports',
      headers: { authorization: `Bearer ${root}` },
      payload: { groupId: tenant.powerBiGroupId },
    });
    expect(listed.statusCode, listed.body).toBeLessThan(300);
    session = await openPortal(server.url, { width: 375, height: 812 });
    page = session.page;
    await signInAndLand(page, 'ann@acme.test', '/users');
  }, 180_000);

  afterAll(async () => {
    await closeBrowser();
    await server?.close();
    await emulator?.close();
  });

  const frame = () => page.frameLocator('.report-frame iframe');

  interface Box {
    x: number;
    y: number;
    width: number;
    height: number;
  }

  /** The visuals inside the report frame, in the frame's own coordinates, and its size. */
  const drawn = () =>
    frame()
      .locator('html')
      .evaluate(() => ({
        mobile: document.querySelector('.cv-report')?.classList.contains('cv-mobile') ?? false,
        width: document.documentElement.clientWidth,
        height: document.documentElement.clientHeight,
        visuals: [...document.querySelectorAll('.cv-visual[data-rendered="true"]')].map(
          (element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return { x, y, width, height };
          },
        ),
      }));

  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('shows the phone layout at 375×812: full-width visuals filling the frame, no overlap', async () => {
    await page.goto('/tenant/reports');
    await settled(page);
    await page.getByRole('link', { name: 'View Sales Overview' }).click();
    await page.locator('.report-frame__embed[data-embed-status="rendered"]').waitFor();
    await expect.poll(async () => (await drawn()).visuals.length, { timeout: 20_000 }).toBe(4);
    const { mobile, width, height, visuals } = await drawn();
    expect(mobile).toBe(true);
    for (const box of visuals) expect(box.width).toBeGreaterThan(width * 0.85);
    for (const [i, a] of visuals.entries())
      for (const b of visuals.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    const shown = visuals.reduce(
      (sum, box) => sum + Math.max(0, Math.min(box.y + box.height, height) - Math.max(box.y, 0)),
      0,
    );
    expect(shown).toBeGreaterThan(height * 0.75);
    // The frame takes most of the phone's height.
    const frameBox = (await page.locator('.report-frame').boundingBox())!;
    expect(frameBox.height).toBeGreaterThan(812 * 0.6);
    expect(frameBox.width).toBeGreaterThan(375 * 0.9);
    expect(await noSidewaysScroll()).toBe(true);
    expect(session.errors).toEqual([]);
  });

  it('follows rotation to landscape and back without reloading the report', async () => {
    // A mark inside the frame's window: a reload would lose it.
    await frame()
      .locator('html')
      .evaluate(() => {
        (window as unknown as { kept: boolean }).kept = true;
      });
    await page.setViewportSize({ width: 812, height: 375 });
    // Landscape: the desktop page fitted to the width, card and column chart side by side.
    await expect
      .poll(
        async () => {
          const { visuals } = await drawn();
          return visuals.length === 4 && Math.abs(visuals[0]!.y - visuals[1]!.y) < 2;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect((await drawn()).mobile).toBe(true);
    expect(await noSidewaysScroll()).toBe(true);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(
        async () => {
          const { visuals, width } = await drawn();
          return visuals.length === 4 && visuals.every((box) => box.width > width * 0.85);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const kept = await frame()
      .locator('html')
      .evaluate(() => (window as unknown as { kept?: boolean }).kept === true);
    expect(kept).toBe(true);
  });

  it('goes fullscreen on the phone: the report covers the screen', async () => {
    await page.getByRole('button', { name: 'Enter Fullscreen' }).click();
    await page.locator('.report-view--fullscreen').waitFor();
    expect(await page.locator('section.report-view').boundingBox()).toMatchObject({
      x: 0,
      y: 0,
      width: 375,
      height: 812,
    });
    await expect
      .poll(
        async () => {
          const { visuals, width, height } = await drawn();
          return (
            height > 812 * 0.8 &&
            visuals.length === 4 &&
            visuals.every((box) => box.width > width * 0.85)
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Exit Fullscreen' }).click();
    await page.locator('.report-view--fullscreen').waitFor({ state: 'detached' });
  });

  it('embeds the desktop page again when the window grows past the phone size', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(
        async () => {
          const { mobile, visuals } = await drawn().catch(() => ({ mobile: true, visuals: [] }));
          return !mobile && visuals.length === 4 && Math.abs(visuals[0]!.y - visuals[1]!.y) < 2;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(session.errors).toEqual([]);
  });
});
