import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embedIn,
  mark,
  onEmbed,
  openHostSession,
  waitEvent,
  type Harness,
} from './support/harness.ts';

/**
 * Phones: `settings.layoutType` MobilePortrait shows a page's own phone layout (visuals stacked at
 * the full width, scrolled down), MobileLandscape and pages without one show the desktop page
 * fitted to the width; the filter pane stays out. The host page here is a 375×812 phone whose
 * report container fills the screen. Screenshots go to $CANOPY_SCREENSHOTS for review.
 */
let harness: Harness;
let page: Page;
let token: string;
const shots = process.env.CANOPY_SCREENSHOTS ?? join(tmpdir(), 'canopy-emulator-screens');
const MOBILE_PORTRAIT = 2;
const MOBILE_LANDSCAPE = 3;

beforeAll(async () => {
  ({ harness, page, token } = await openHostSession());
  mkdirSync(shots, { recursive: true });
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

async function phone(width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => {
    const c1 = document.getElementById('c1')!;
    c1.style.width = '100vw';
    c1.style.height = '100vh';
  });
}

async function embed(settings: object): Promise<void> {
  const from = await mark(page);
  await embedIn(page, 'c1', 'embed', {
    type: 'report',
    id: harness.emulator.sample.salesReportId,
    embedUrl: harness.emulator.sampleEmbedUrl,
    accessToken: token,
    tokenType: 1,
    settings,
  });
  await waitEvent(page, 'c1', 'rendered', from);
}

const frame = () => page.frameLocator('#c1 iframe');

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The drawn visuals (in the frame's coordinates) and the frame's own size. */
async function layout(): Promise<{ visuals: Box[]; width: number; height: number }> {
  return frame()
    .locator('html')
    .evaluate(() => ({
      width: document.documentElement.clientWidth,
      height: document.documentElement.clientHeight,
      visuals: [...document.querySelectorAll<HTMLElement>('.cv-visual')].map((element) => {
        const rect = element.getBoundingClientRect();
        return {
          name: element.dataset.visualName ?? '',
          x: rect.x,
          y: rect.y,
          width: rect.width,
          height: rect.height,
        };
      }),
    }));
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function shoot(name: string): Promise<void> {
  writeFileSync(join(shots, `${name}.png`), await page.screenshot());
}

describe('phone layouts', () => {
  it('MobilePortrait stacks the visuals at the full width, filling the screen, no overlap', async () => {
    await phone(375, 812);
    await embed({ layoutType: MOBILE_PORTRAIT });
    const { visuals, width, height } = await layout();
    expect(visuals).toHaveLength(4);
    for (const box of visuals) {
      expect(box.width).toBeGreaterThan(width * 0.85);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    for (const [i, a] of visuals.entries())
      for (const b of visuals.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    // Stacked in reading order; together taller than the screen, so the first screen is full.
    const ys = visuals.map((box) => box.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    const covered = visuals.reduce((sum, box) => sum + box.height, 0);
    expect(covered).toBeGreaterThan(height * 0.8);
    // The card's value stays at its readable size, not shrunk with the page.
    const valueSize = await frame()
      .locator('.cv-card-value')
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(valueSize).toBeGreaterThanOrEqual(24);
    expect(await frame().locator('.cv-filter-pane').count()).toBe(0);
    // The page scrolls down, never sideways.
    const scroll = await frame()
      .locator('.cv-canvas-wrap')
      .evaluate((element) => ({
        wide: element.scrollWidth - element.clientWidth,
        tall: element.scrollHeight - element.clientHeight,
      }));
    expect(scroll.wide).toBe(0);
    expect(scroll.tall).toBeGreaterThan(0);
    await shoot('mobile-portrait');
  });

  it('says which pages have a phone layout (getPages mobileSize, hasLayout)', async () => {
    const pages = await onEmbed(page, 'c1', async (report) => {
      const all = await report.getPages();
      return Promise.all(
        all.map(
          async (p: {
            name: string;
            mobileSize?: { width: number };
            hasLayout(type: number): Promise<boolean>;
          }) => [p.name, p.mobileSize?.width ?? null, await p.hasLayout(2), await p.hasLayout(0)],
        ),
      );
    });
    expect(pages).toEqual([
      ['ReportSection1', 360, true, true],
      ['ReportSection2', 360, true, true],
      ['ReportSection3', null, false, true],
    ]);
  });

  it('rotated to MobileLandscape, the desktop page is fitted to the width', async () => {
    await phone(812, 375);
    const from = await mark(page);
    await onEmbed(
      page,
      'c1',
      (report, layoutType) => report.updateSettings({ layoutType }),
      MOBILE_LANDSCAPE,
    );
    await waitEvent(page, 'c1', 'rendered', from);
    await expect.poll(async () => (await layout()).visuals.length, { timeout: 10_000 }).toBe(4);
    const { width } = await layout();
    const canvas = await frame()
      .locator('.cv-canvas')
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(canvas).toBeGreaterThan(width - 40);
    expect(canvas).toBeLessThanOrEqual(width);
    expect(await frame().locator('.cv-filter-pane').count()).toBe(0);
    await shoot('mobile-landscape');
  });

  it('a page without a phone layout is fitted to the width in portrait too', async () => {
    await phone(375, 812);
    await onEmbed(
      page,
      'c1',
      (report, layoutType) => report.updateSettings({ layoutType }),
      MOBILE_PORTRAIT,
    );
    const from = await mark(page);
    await onEmbed(page, 'c1', (report) => report.setPage('ReportSection3'));
    await waitEvent(page, 'c1', 'rendered', from);
    await expect
      .poll(() => frame().locator('.cv-canvas').getAttribute('data-page-name'))
      .toBe('ReportSection3');
    const { width } = await layout();
    const canvas = await frame()
      .locator('.cv-canvas')
      .evaluate((element) => element.getBoundingClientRect());
    expect(canvas.width).toBeGreaterThan(width - 40);
    expect(canvas.height).toBeLessThan(canvas.width);
  });
});
