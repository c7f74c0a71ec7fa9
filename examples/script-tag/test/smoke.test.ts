import { openExample, type OpenedExample } from '@canopy/example-dev-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('example script-tag (Chromium smoke test)', () => {
  let opened: OpenedExample;
  const waitForEvent = (text: string) => opened.waitForText('#events li', text);

  beforeAll(async () => {
    opened = await openExample({ dir: new URL('..', import.meta.url).pathname, mode: 'static' });
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('should embed with the global build and switch pages from its buttons', async () => {
    await waitForEvent('rendered');
    expect(await opened.page.evaluate(() => typeof (window as { powerbi?: unknown }).powerbi)).toBe(
      'object',
    );
    await opened.page.getByRole('button', { name: 'Details' }).click();
    await waitForEvent('pageChanged: ReportSection2');
    expect(await opened.page.locator('#report iframe').count()).toBe(1);
    expect(opened.errors).toEqual([]);
  });
});
