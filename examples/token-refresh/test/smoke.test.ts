import { openExample, type OpenedExample } from '@canopy/example-dev-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const LIFETIME_SECONDS = 6;

describe('example token-refresh (Chromium smoke test)', () => {
  let opened: OpenedExample;
  const text = (id: string) => opened.page.locator(`#${id}`).textContent();
  const logged = () => opened.page.locator('#log li').allTextContents();

  beforeAll(async () => {
    opened = await openExample({
      dir: new URL('..', import.meta.url).pathname,
      mode: 'vite',
      path: `/?lifetime=${LIFETIME_SECONDS}`,
    });
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('should keep the report working past the first token lifetime without reloading', async () => {
    await opened.page.waitForFunction(() => document.querySelectorAll('#pages button').length > 0);
    // Wait until the first token has expired (the frame reports TokenExpired for an expired token
    // it still holds) and has been replaced more than once.
    await opened.page.waitForFunction(
      () =>
        Number(document.getElementById('refreshes')?.textContent) >= 2 &&
        Date.now() > Date.parse(document.body.dataset.firstExpiration ?? '') + 1_000,
      undefined,
      { timeout: 40_000 },
    );
    // The frame queries data with the current token: a new page renders without a token error.
    await opened.page.getByRole('button', { name: 'Details' }).click();
    await opened.page.waitForFunction(() =>
      [...document.querySelectorAll('#log li')].some((li) =>
        li.textContent?.endsWith('pageChanged: ReportSection2'),
      ),
    );
    await opened.page.waitForFunction(
      () =>
        [...document.querySelectorAll('#log li')].filter((li) =>
          li.textContent?.endsWith(' rendered'),
        ).length >= 2,
    );
    expect(await text('loads')).toBe('1');
    expect((await logged()).filter((line) => /error|failed/.test(line))).toEqual([]);
    expect(opened.errors).toEqual([]);
  });
});
