import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { launchChromium } from '@canopy/test-utils';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD } from './portal-server.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors: each test asserts there were none. */
  errors: string[];
}

let browser: Browser | undefined;
export async function getBrowser() {
  browser ??= await launchChromium();
  return browser;
}
export async function closeBrowser() {
  await browser?.close();
  browser = undefined;
}

/** A fresh browser context (own cookies and sessionStorage) on the portal. */
export async function openPortal(
  baseURL: string,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Session> {
  const context = await (
    await getBrowser()
  ).newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Waits for a toast with this text (they stay 4 s, several may be up). */
export const toast = (page: Page, text: string) =>
  page.locator('.toast').filter({ hasText: text }).first().waitFor();

/** Waits for the 400 ms path-change overlay to go, so the next click lands on the page. */
export async function settled(page: Page) {
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in, then waits for the person's landing path (see homePath), for the sign-in form to go and
 * for the overlay to go. The address changes before the landing page's code has loaded, and until
 * then the sign-in form is still on screen: its "Email Address" would take a fill meant for the
 * landing page's own "Email Address" (Add New User), as happened on a busy CI machine.
 */
export async function signInAndLand(page: Page, email: string, path: string) {
  await signIn(page, email);
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'detached' });
  await settled(page);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core in the page: no serious or critical violation on the current screen. */
export async function expectAccessible(page: Page, screen: string) {
  // Colours are measured once entrance animations (dialogs, toasts) have finished.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState === 'finished'),
  );
  // Evaluated over the DevTools protocol: the portal's CSP (script-src 'self') stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  const serious = (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
