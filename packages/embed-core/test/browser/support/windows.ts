import type { Page } from 'playwright-core';
import type * as Client from '../../../src/index.ts';

/** Globals of the host page (see `hostPage()`), as seen from `page.evaluate`. */
export interface HostWindow extends Omit<Window, 'powerbi'> {
  'powerbi-client': typeof Client;
  powerbi: Client.service.Service | { existing: true };
  pbiService?: Client.service.Service;
  __messages: Array<{ data: unknown; origin: string }>;
  __report?: Client.Report;
  __loaded: number;
  __pending?: { settled: boolean; value?: unknown; error?: unknown };
}

export interface FrameRecord {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body: unknown;
  origin: string;
  fromParent: boolean;
}

/** Globals of `FRAME_PAGE`. */
export interface FrameWindow extends Window {
  __frame: {
    received: FrameRecord[];
    replies: Array<{ id: unknown; statusCode: unknown; origin: string }>;
    replyBodies: Array<{ id: unknown; body: unknown }>;
    heldIds(): string[];
    answerHeld(body: unknown): void;
    navigate(url: string): void;
  };
}

/** Globals of `FOREIGN_PAGE`. */
export interface ForeignWindow extends Window {
  __foreign: {
    received: Array<{ data: unknown; origin: string }>;
    post(messages: unknown[]): void;
  };
}

/**
 * Waits until the host page has received `{ sentinel: token }`. Messages from one window to another
 * arrive in order, so once a sender's sentinel is in, everything it posted before has been handled.
 */
export async function waitForSentinel(page: Page, token: string): Promise<void> {
  await page.waitForFunction(
    (t) =>
      (window as unknown as HostWindow).__messages.some(
        (m) => (m.data as { sentinel?: unknown } | null)?.sentinel === t,
      ),
    token,
  );
}
