import { launchChromium, startStaticServer, type StaticServer } from '@canopy/test-utils';
import type { Browser, Page } from 'playwright-core';
import { startEmulator, type RunningEmulator } from '../../../src/index.ts';
import { bundleEmbedCore, hostPageHtml } from './host-page.ts';

/**
 * One Chromium, one emulator (on 127.0.0.1) and one host page server (on localhost): the host and
 * the embedded frames are on different origins, as in production.
 */
export interface Harness {
  browser: Browser;
  emulator: RunningEmulator;
  host: StaticServer;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const [emulator, bundle] = await Promise.all([
    startEmulator({ prebuildFrame: true }),
    bundleEmbedCore(),
  ]);
  const host = await startStaticServer(
    {
      '/host.html': { body: hostPageHtml(emulator.origin) },
      '/powerbi.js': { body: bundle, type: 'text/javascript' },
    },
    'localhost',
  );
  const browser = await launchChromium();
  return {
    browser,
    emulator,
    host,
    close: async () => {
      await browser.close();
      await Promise.all([host.close(), emulator.close()]);
    },
  };
}

/** What a browser test file shares across its tests: the harness, one tab on the host page, a token. */
export interface HostSession {
  harness: Harness;
  page: Page;
  token: string;
}

export async function openHostSession(): Promise<HostSession> {
  const harness = await startHarness();
  try {
    const page = await harness.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openHostPage(harness, page);
    return { harness, page, token: harness.emulator.mintToken().token };
  } catch (error) {
    // The caller never receives the harness, so its afterAll could not close it.
    await harness.close();
    throw error;
  }
}

/** (Re)loads the host page: a new Service, empty containers and an empty event log. */
export async function openHostPage(harness: Harness, page: Page): Promise<void> {
  await page.goto(harness.host.url('/host.html'));
}

export interface HostWindow {
  svc: {
    embed(element: HTMLElement, config: object): Embedded;
    load(element: HTMLElement, config: object): Embedded;
    createReport(element: HTMLElement, config: object): Embedded;
    quickCreate(element: HTMLElement, config: object): Embedded;
    hpm: {
      get(
        url: string,
        headers: object,
        target: Window,
      ): Promise<{ statusCode: number; body: unknown }>;
      post(
        url: string,
        body: unknown,
        headers: object,
        target: Window,
      ): Promise<{ statusCode: number; body: unknown }>;
      put(
        url: string,
        body: unknown,
        headers: object,
        target: Window,
      ): Promise<{ statusCode: number; body: unknown }>;
    };
  };
  embeds: Record<string, Embedded>;
  log: { container: string; name: string; detail: unknown }[];
  waitEvent(
    container: string,
    name: string,
    from: number,
    timeout: number,
  ): Promise<{ index: number; detail: unknown }>;
  'powerbi-client': { models: Record<string, Record<string, number>> };
}

/** The embed objects as the page scripts use them (untyped on purpose: the API under test). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Embedded = any;

/** Current length of the host's event log: events after this mark belong to the next step. */
export function mark(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as HostWindow).log.length);
}

export async function waitEvent<T = Record<string, unknown>>(
  page: Page,
  container: string,
  name: string,
  from: number,
  timeout = 20_000,
): Promise<T> {
  const found = await page.evaluate(
    ({ container, name, from, timeout }) =>
      (window as unknown as HostWindow).waitEvent(container, name, from, timeout),
    { container, name, from, timeout },
  );
  return found.detail as T;
}

export function eventsSince(
  page: Page,
  from: number,
): Promise<{ container: string; name: string; detail: unknown }[]> {
  return page.evaluate((from) => (window as unknown as HostWindow).log.slice(from), from);
}

/** Embeds into `#container` with `service[method](element, config)`; functions cannot cross, so hooks are added by `hooks`. */
export async function embedIn(
  page: Page,
  container: string,
  method: 'embed' | 'load' | 'createReport' | 'quickCreate',
  config: object,
  hooks: { tokenFromWindow?: boolean } = {},
): Promise<void> {
  await page.evaluate(
    ({ container, method, config, hooks }) => {
      const w = window as unknown as HostWindow & { nextToken?: string; providerCalls?: number };
      const element = document.getElementById(container) as HTMLElement;
      const full: Record<string, unknown> = { ...config };
      if (hooks.tokenFromWindow) {
        w.providerCalls = 0;
        full.eventHooks = {
          accessTokenProvider: () => {
            w.providerCalls = (w.providerCalls ?? 0) + 1;
            return w.nextToken;
          },
        };
      }
      w.embeds[container] = w.svc[method](element, full);
    },
    { container, method, config, hooks },
  );
}

/** Runs `fn(embed, arg)` inside the host page against the embed object of `#container`. */
export async function onEmbed<T, A = undefined>(
  page: Page,
  container: string,
  fn: (embed: Embedded, arg: A) => T | Promise<T>,
  arg?: A,
): Promise<T> {
  const handle = await page.evaluateHandle(
    (c) => (window as unknown as HostWindow).embeds[c] as unknown,
    container,
  );
  try {
    // Playwright serialises `fn` and runs it in the page with the embed object as first argument.
    const run = fn as unknown as (embed: unknown, arg: unknown) => Promise<T>;
    return await handle.evaluate(run, arg as unknown);
  } finally {
    await handle.dispose();
  }
}

/** Runs `action` and waits for the `rendered` event it causes on `#container`. */
export async function untilRendered<T>(
  page: Page,
  container: string,
  action: () => Promise<T>,
): Promise<T> {
  const from = await mark(page);
  const result = await action();
  await waitEvent(page, container, 'rendered', from);
  return result;
}
