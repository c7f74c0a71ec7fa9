import { openExample, type OpenedExample } from '@canopy/example-dev-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('example vue-vite (Chromium smoke test)', () => {
  let opened: OpenedExample;
  const logged = () => opened.page.getByTestId('events').locator('li').allTextContents();
  const waitForEvent = (text: string) => opened.waitForText('[data-testid="events"] li', text);

  beforeAll(async () => {
    opened = await openExample({ dir: new URL('..', import.meta.url).pathname, mode: 'vite' });
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('should render the report from bound attributes and reach its API through element.embed', async () => {
    await waitForEvent('rendered');
    expect(await opened.page.locator('powerbi-report iframe').count()).toBe(1);
    await opened.page.getByRole('button', { name: 'Count pages' }).click();
    await opened.page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="events"] li')].some((li) =>
        /^pages: [1-9]/.test(li.textContent ?? ''),
      ),
    );
    expect(opened.errors).toEqual([]);
  });

  it('should apply reactive page, filter and token changes without reloading', async () => {
    await opened.page.getByLabel('Page').selectOption('ReportSection2');
    await waitForEvent('pageChanged: ReportSection2');
    await opened.page.getByLabel('Region').selectOption('Europe');
    await opened.page.waitForFunction(async () => {
      const element = document.querySelector('powerbi-report') as HTMLElement & {
        embed?: { getFilters(): Promise<Array<{ values?: unknown[] }>> };
      };
      const filters = await element.embed?.getFilters();
      return filters?.[0]?.values?.[0] === 'Europe';
    });
    await opened.page.getByRole('button', { name: 'New token' }).click();
    await waitForEvent('token refreshed');
    expect((await logged()).filter((text) => text === 'loaded')).toHaveLength(1);
    expect(opened.errors).toEqual([]);
  });

  it('should reset the embed when Vue removes the element', async () => {
    await opened.page.getByRole('button', { name: 'Hide the report' }).click();
    await opened.page.getByRole('button', { name: 'Show the report' }).waitFor();
    expect(await opened.page.locator('powerbi-report').count()).toBe(0);
    expect(await opened.page.locator('iframe').count()).toBe(0);
    // Shown again: a fresh element embeds again.
    await opened.page.getByRole('button', { name: 'Show the report' }).click();
    await opened.page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="events"] li')].filter(
          (li) => li.textContent === 'loaded',
        ).length === 2,
    );
    expect(opened.errors).toEqual([]);
  });
});
