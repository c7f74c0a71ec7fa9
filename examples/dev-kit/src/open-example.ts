import { launchChromium } from '@canopy/test-utils';
import type { Browser, Page } from 'playwright-core';
import { startExample, type ExampleOptions, type ExampleServer } from './start-example.ts';

export interface OpenedExample {
  example: ExampleServer;
  browser: Browser;
  page: Page;
  /** Uncaught page errors and console errors, for the smoke tests to assert on. */
  errors: string[];
  /** Waits until an element matching `selector` has exactly the text `text` (an event log line). */
  waitForText(selector: string, text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The smoke tests' set-up: the example as `pnpm dev` runs it, opened in the system Chromium at
 * `path` (default `/`).
 */
export async function openExample(
  options: ExampleOptions & { path?: string },
): Promise<OpenedExample> {
  const example = await startExample(options);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    await page.goto(new URL(options.path ?? '/', example.url).href);
    const opened = browser;
    return {
      example,
      browser: opened,
      page,
      errors,
      waitForText: async (selector, text) => {
        await page.waitForFunction(
          ([sel, expected]) =>
            [...document.querySelectorAll(sel)].some((node) => node.textContent === expected),
          [selector, text] as const,
        );
      },
      close: async () => {
        await opened.close();
        await example.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await example.close();
    throw error;
  }
}
