/**
 * Chat delivery latency: click on Send in one browser context → the message on screen in the
 * other (another person of the same tenant, the conversation open). Both instants are read in the
 * pages with Date.now() (one machine, one clock): the click in a capture listener, the arrival by
 * a MutationObserver. What it covers: the multipart POST, the commit, the server's event stream
 * push, the widget's `since` fetch and the render. The 3 s poll alone would give about 1.5 s.
 *
 *   measureChatDelivery({ server, openPortal, signInAndLand }, 30) → { runs, median, p95, … }
 *   cd portal && node --conditions=@canopy/source --import tsx bench/chat-delivery.ts [runs]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import type { openPortal, signInAndLand } from '../test/support/browser.ts';
import type { PortalServer } from '../test/support/portal-server.ts';

export interface ChatDeliveryFigures {
  /** Milliseconds per message, in sending order. */
  runs: number[];
  median: number;
  p95: number;
  min: number;
  max: number;
}

export interface ChatBenchHelpers {
  server: PortalServer;
  openPortal: typeof openPortal;
  signInAndLand: typeof signInAndLand;
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

async function openConversation(page: Page, withEmail: string) {
  await page.locator('.chat-widget[data-stream="open"]').waitFor();
  await page.getByRole('button', { name: /^Open Team Chat/ }).click();
  await page.getByLabel('Chat with').selectOption({ label: withEmail });
  await page.getByRole('textbox', { name: /^Message / }).waitFor();
}

async function deliver(from: Page, to: Page, text: string): Promise<number> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const seen = to.evaluate(
    (wanted) =>
      new Promise<number>((done) => {
        const observer = new MutationObserver(() => {
          for (const node of document.querySelectorAll('.chat-message--other .chat-bubble__text'))
            if (node.textContent === wanted) {
              observer.disconnect();
              return done(Date.now());
            }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    text,
  );
  await from.getByRole('textbox', { name: /^Message / }).fill(text);
  await from.evaluate(() => {
    document
      .querySelector('button[aria-label="Send message"]')
      ?.addEventListener(
        'click',
        () => ((window as unknown as { sentAt: number }).sentAt = Date.now()),
        { capture: true, once: true },
      );
  });
  await from.getByRole('button', { name: 'Send message' }).click();
  const seenAt = await seen;
  const sentAt = await from.evaluate(() => (window as unknown as { sentAt: number }).sentAt);
  // Wait for the sender's own copy to be confirmed, so the next send starts from rest.
  await from.locator('.chat-message--pending').waitFor({ state: 'detached' });
  return seenAt - sentAt;
}

/** Two people of a new tenant, conversation open on both sides, `runs` messages back and forth. */
export async function measureChatDelivery(
  helpers: ChatBenchHelpers,
  runs = 30,
): Promise<ChatDeliveryFigures> {
  const { server } = helpers;
  const tenant = await server.createTenant({ name: `Chat Bench ${Date.now()}`, theme: 'light' });
  const domain = `chat-bench-${Date.now()}.test`;
  const ann = await server.createPerson({
    tenantId: tenant.id,
    role: 'Admin',
    email: `ann@${domain}`,
  });
  const vic = await server.createPerson({
    tenantId: tenant.id,
    role: 'Viewer',
    email: `vic@${domain}`,
  });
  const a = await helpers.openPortal(server.url);
  const b = await helpers.openPortal(server.url);
  try {
    await helpers.signInAndLand(a.page, ann.email, '/users');
    await helpers.signInAndLand(b.page, vic.email, '/tenant/reports');
    await openConversation(a.page, vic.email);
    await openConversation(b.page, ann.email);
    // One warm-up each way (first chunk loads, first conversation row), not counted.
    await deliver(a.page, b.page, 'warm-up from ann');
    await deliver(b.page, a.page, 'warm-up from vic');
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const [from, to] = run % 2 === 0 ? [a.page, b.page] : [b.page, a.page];
      samples.push(await deliver(from, to, `bench message ${run + 1}`));
    }
    const sorted = [...samples].sort((x, y) => x - y);
    return {
      runs: samples,
      median: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      min: sorted[0] ?? NaN,
      max: sorted.at(-1) ?? NaN,
    };
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

// Standalone: build the SPA, start a server, measure, print.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { buildSpa } = await import('../test/support/build-spa.ts');
  const browser = await import('../test/support/browser.ts');
  const { startPortalServer } = await import('../test/support/portal-server.ts');
  const runs = Number(process.argv[2] ?? 30);
  const spaDir = await buildSpa();
  const server = await startPortalServer({ spaDir });
  try {
    const figures = await measureChatDelivery(
      { server, openPortal: browser.openPortal, signInAndLand: browser.signInAndLand },
      runs,
    );
    console.log(
      `Chat delivery over ${figures.runs.length} messages: median ${figures.median} ms, ` +
        `p95 ${figures.p95} ms (min ${figures.min}, max ${figures.max})`,
    );
    console.log(`runs: ${figures.runs.join(', ')}`);
  } finally {
    await browser.closeBrowser();
    await server.close();
  }
}
