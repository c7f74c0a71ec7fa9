import { openExample, type OpenedExample } from '@canopy/example-dev-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('example esm-vite (Chromium smoke test)', () => {
  let opened: OpenedExample;
  const waitForEvent = (text: string) => opened.waitForText('#events li', text);

  beforeAll(async () => {
    opened = await openExample({ dir: new URL('..', import.meta.url).pathname, mode: 'vite' });
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('should embed through the ES module entry and switch pages', async () => {
    await waitForEvent('rendered');
    expect(await opened.page.locator('#status').textContent()).toBe('rendered');
    await opened.page.getByRole('button', { name: 'Details' }).click();
    await waitForEvent('pageChanged: ReportSection2');
    // No global is published by the ES module entry.
    expect(await opened.page.evaluate(() => 'powerbi' in window)).toBe(false);
    expect(opened.errors).toEqual([]);
  });
});
