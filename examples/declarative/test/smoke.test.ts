import { openExample, type OpenedExample } from '@canopy/example-dev-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('example declarative (Chromium smoke test)', () => {
  let opened: OpenedExample;

  beforeAll(async () => {
    opened = await openExample({ dir: new URL('..', import.meta.url).pathname, mode: 'static' });
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('should embed the report from its powerbi-* attributes on DOMContentLoaded', async () => {
    await opened.page.waitForFunction(
      () => document.getElementById('status')?.textContent === 'rendered: sales-overview',
    );
    const iframe = opened.page.locator('#report iframe');
    expect(await iframe.count()).toBe(1);
    // powerbi-name becomes the component's uniqueId, visible in the frame URL.
    expect(await iframe.getAttribute('src')).toContain('uid=sales-overview');
    const settings = await opened.page.evaluate(() => {
      const service = (
        window as unknown as {
          embedService: { get(el: Element): { config: { settings: unknown } } };
        }
      ).embedService;
      return service.get(document.getElementById('report') as Element).config.settings;
    });
    expect(settings).toMatchObject({ filterPaneEnabled: false, navContentPaneEnabled: true });
    expect(opened.errors).toEqual([]);
  });
});
