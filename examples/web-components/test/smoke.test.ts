import { openExample, type OpenedExample } from '@canopy/example-dev-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The page's global functions and elements, as the tests reach them in the browser. */
type ReportElement = HTMLElement & {
  embed?: { getFilters(): Promise<unknown[]>; getPages(): Promise<unknown[]> };
  error?: unknown;
};

describe('example web-components (Chromium smoke test)', () => {
  let opened: OpenedExample;
  const waitForEvent = (text: string) => opened.waitForText('#events li', text);
  const events = () => opened.page.locator('#events li').allTextContents();

  beforeAll(async () => {
    opened = await openExample({ dir: new URL('..', import.meta.url).pathname, mode: 'static' });
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('should embed <powerbi-report> from its attributes and re-dispatch library events', async () => {
    await waitForEvent('rendered');
    expect(await opened.page.locator('#report iframe').count()).toBe(1);
    const pages = await opened.page.evaluate(async () => {
      const element = document.getElementById('report') as ReportElement;
      return (await element.embed?.getPages())?.length;
    });
    expect(pages).toBeGreaterThan(1);
    expect(opened.errors).toEqual([]);
  });

  it('should apply page, filters and token changes to the live report without reloading it', async () => {
    const src = await opened.page.locator('#report iframe').getAttribute('src');
    await opened.page.getByRole('button', { name: 'Details page' }).click();
    await waitForEvent('pageChanged: ReportSection2');

    await opened.page.getByRole('button', { name: 'Only North' }).click();
    await opened.page.waitForFunction(async () => {
      const element = document.getElementById('report') as ReportElement;
      const filters = (await element.embed?.getFilters()) as Array<{ values?: unknown[] }>;
      return filters?.[0]?.values?.[0] === 'North';
    });

    await opened.page.getByRole('button', { name: 'New token' }).click();
    await waitForEvent('token refreshed');
    // Same frame throughout: one load, same src.
    expect((await events()).filter((e) => e === 'loaded')).toHaveLength(1);
    expect(await opened.page.locator('#report iframe').getAttribute('src')).toBe(src);
    expect(opened.errors).toEqual([]);
  });

  it('should report bad attribute JSON as an error event, not a page error', async () => {
    await opened.page.evaluate(() => {
      document.getElementById('report')?.setAttribute('settings', '{not json');
    });
    await opened.page.waitForFunction(() =>
      [...document.querySelectorAll('#events li')].some((li) =>
        li.textContent?.startsWith('error: InvalidArgument Attribute "settings": not valid JSON'),
      ),
    );
    // The live report is left as it was.
    expect(await opened.page.locator('#report iframe').count()).toBe(1);
    expect(opened.errors).toEqual([]);
  });

  it('should embed inside a shadow root', async () => {
    const rendered = await opened.page.evaluate(async () => {
      const source = document.getElementById('report') as HTMLElement;
      const host = document.createElement('div');
      document.body.append(host);
      const root = host.attachShadow({ mode: 'open' });
      const inner = document.createElement('powerbi-report');
      for (const name of ['embed-url', 'access-token', 'embed-id', 'trusted-origins']) {
        inner.setAttribute(name, source.getAttribute(name) ?? '');
      }
      inner.style.height = '300px';
      const done = new Promise<boolean>((resolve) =>
        inner.addEventListener('rendered', () => resolve(true), { once: true }),
      );
      root.append(inner);
      const ok = await done;
      const frames = root.querySelectorAll('powerbi-report iframe').length;
      host.remove();
      return { ok, frames };
    });
    expect(rendered).toEqual({ ok: true, frames: 1 });
    expect(opened.errors).toEqual([]);
  });

  it('should reset cleanly when the element is removed', async () => {
    await opened.page.getByRole('button', { name: 'Remove the report' }).click();
    await waitForEvent('removed');
    // The reset runs in a microtask after the removal, long before this evaluation.
    const after = await opened.page.evaluate(() => {
      const detached = (window as unknown as { report: ReportElement }).report;
      return {
        inDocument: document.getElementById('report') !== null,
        iframes: detached.querySelectorAll('iframe').length,
        embed: detached.embed === undefined,
      };
    });
    expect(after).toEqual({ inDocument: false, iframes: 0, embed: true });
    expect(opened.errors).toEqual([]);
  });
});
