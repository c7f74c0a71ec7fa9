import { openExample, type OpenedExample } from '@canopy/example-dev-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('example react-vite (Chromium smoke test)', () => {
  let opened: OpenedExample;
  const logged = () => opened.page.getByTestId('events').locator('li').allTextContents();
  const waitForEvent = (text: string) => opened.waitForText('[data-testid="events"] li', text);

  beforeAll(async () => {
    opened = await openExample({ dir: new URL('..', import.meta.url).pathname, mode: 'vite' });
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('should render the emulator report and list its pages', async () => {
    await opened.page.waitForSelector('[data-testid="status"][data-status="rendered"]');
    await opened.page.getByRole('button', { name: 'Details' }).waitFor();
    expect(await opened.page.locator('.report iframe').count()).toBe(1);
  });

  it('should switch pages and filter by region through props, without reloading', async () => {
    await opened.page.getByRole('button', { name: 'Details' }).click();
    await waitForEvent('pageChanged: ReportSection2 (Details)');
    await opened.page.getByLabel('Region').selectOption('Europe');
    await waitForEvent('filtersApplied: Europe');
    expect((await logged()).filter((text) => text === 'loaded')).toHaveLength(1);
    expect(opened.errors).toEqual([]);
  });

  it('should show the phone layout on a phone: visuals stacked at the full width', async () => {
    await opened.page.setViewportSize({ width: 375, height: 812 });
    const report = opened.page.frameLocator('.report iframe');
    await report.locator('.cv-report.cv-mobile').waitFor();
    await expect
      .poll(() =>
        report.locator('html').evaluate(() => {
          const width = document.documentElement.clientWidth;
          const visuals = [...document.querySelectorAll('.cv-visual[data-rendered="true"]')];
          return (
            visuals.length > 0 &&
            visuals.every((visual) => visual.getBoundingClientRect().width > width * 0.85)
          );
        }),
      )
      .toBe(true);
    expect(
      await opened.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(opened.errors).toEqual([]);
  });
});
