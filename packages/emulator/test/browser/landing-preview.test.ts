import { launchChromium } from '@canopy/test-utils';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/index.ts';

let emulator: RunningEmulator;
let browser: Browser;
beforeAll(async () => {
  [emulator, browser] = await Promise.all([
    startEmulator({ rows: 1000, prebuildFrame: true }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await emulator?.close();
});

describe('the landing page', () => {
  it('renders the sample report live, through @canopy/embed-core, in its preview', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${emulator.url}/`);
      // The preview sets data-state from the report's events: `rendered` only after the report's
      // `rendered` event reached the landing page.
      await page.waitForSelector('#preview[data-state="rendered"]', { timeout: 45_000 });
      expect(await page.textContent('#preview-status')).toBe('Rendered live by this emulator.');
      const src = await page.getAttribute('#preview iframe', 'src');
      expect(src).toContain(`reportId=${emulator.sample.salesReportId}`);
      // The frame drew the report's visuals.
      const frame = page.frames().find((candidate) => candidate.url().includes('/reportEmbed'));
      expect(frame).toBeDefined();
      expect(await frame!.locator('svg, canvas').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
