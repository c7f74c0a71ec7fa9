import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  signInAndLand,
  toast,
  type Session,
} from './support/browser.ts';
import { solidPng } from './support/png.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

/** The launcher's name carries the unread count ("Open Team Chat, 1 unread"). */
const launcher = (page: Page) => page.getByRole('button', { name: /^(Open|Close) Team Chat/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Team Chat' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: /^Message / });
const log = (page: Page) => page.getByRole('log');

/** The widget's event stream is connected (the push path under test, not the 3 s poll). */
const streamOpen = (page: Page) => page.locator('.chat-widget[data-stream="open"]').waitFor();

async function openChat(page: Page, withEmail?: string) {
  if ((await panel(page).count()) === 0) await launcher(page).click();
  await panel(page).waitFor();
  if (withEmail) await page.getByLabel('Chat with').selectOption({ label: withEmail });
}

/**
 * Sends by clicking Send in `from` and resolves with the milliseconds until `text` is in the
 * message list of `to`: both instants are read in the pages (the same machine clock).
 */
async function deliveryMs(from: Page, to: Page, text: string): Promise<number> {
  const seen = to.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const has = () =>
          [...document.querySelectorAll('.chat-message--other .chat-bubble__text')].some(
            (node) => node.textContent === wanted,
          );
        if (has()) return resolve(Date.now());
        const observer = new MutationObserver(() => {
          if (!has()) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    text,
  );
  await messageBox(from).fill(text);
  await from.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Send message"]')!;
    button.addEventListener(
      'click',
      () => ((window as unknown as { sentAt: number }).sentAt = Date.now()),
      { capture: true, once: true },
    );
  });
  await from.getByRole('button', { name: 'Send message' }).click();
  const seenAt = await seen;
  const sentAt = await from.evaluate(() => (window as unknown as { sentAt: number }).sentAt);
  return seenAt - sentAt;
}

describe('team chat: two people of one tenant, live (Chromium, real server)', () => {
  let server: PortalServer;
  let admin: Session;
  let viewer: Session;
  let ann: { id: string; email: string };
  let vic: { id: string; email: string };
  let tenantId: string;

  beforeAll(async () => {
    server = await startPortalServer();
    const tenant = await server.createTenant({ name: 'Acme', theme: 'light' });
    tenantId = tenant.id;
    ann = await server.createPerson({
      tenantId: tenant.id,
      role: 'Admin',
      email: 'ann.admin@acme.test',
    });
    vic = await server.createPerson({
      tenantId: tenant.id,
      role: 'Viewer',
      email: 'vic.viewer@acme.test',
    });
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });

    admin = await openPortal(server.url);
    viewer = await openPortal(server.url);
    await viewer.context.grantPermissions(['notifications']);
    // Records the desktop notifications the widget raises (the real ones still go to Chromium).
    await viewer.page.addInitScript(() => {
      const shown: { title: string; body?: string }[] = [];
      (window as unknown as { notifications: typeof shown }).notifications = shown;
      const Real = window.Notification;
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
          super(title, options);
        }
      }
      Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
      window.Notification = Recording;
    });
    await signInAndLand(admin.page, ann.email, '/users');
    await signInAndLand(viewer.page, vic.email, '/tenant/reports');
  });

  afterAll(async () => {
    await admin?.context.close();
    await viewer?.context.close();
    await closeBrowser();
    await server?.close();
    expect(admin.errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
  });

  it('a super admin gets no chat; tenant people get the button and their stream', async () => {
    const root = await openPortal(server.url);
    try {
      await signInAndLand(root.page, 'root@canopy.test', '/admin');
      await root.page
        .getByRole('heading', { name: /dashboard/i })
        .first()
        .waitFor();
      expect(await launcher(root.page).count()).toBe(0);
      expect(await root.page.locator('.chat-widget').count()).toBe(0);
    } finally {
      await root.context.close();
    }
    await launcher(admin.page).waitFor();
    await streamOpen(admin.page);
    await streamOpen(viewer.page);
  });

  it('a remembered recipient that is yourself is an invalid selection; Escape closes', async () => {
    const page = admin.page;
    await page.evaluate((id) => localStorage.setItem('lastRecipient', id), ann.id);
    await openChat(page);
    await panel(page).getByText('Team Chat', { exact: true }).waitFor();
    await panel(page).getByText('Connect with your team').waitFor();
    await panel(page).getByText('Invalid Selection').waitFor();
    await panel(page).getByText('Cannot chat with yourself').waitFor();
    // The select offers the teammates without yourself.
    const options = await page.getByLabel('Chat with').locator('option').allTextContents();
    expect(options).toEqual(['Select a user...', vic.email]);
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(await launcher(page).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('text both ways, pushed by the event stream in under a second', async () => {
    await openChat(admin.page, vic.email);
    await panel(admin.page).getByText('Start the conversation').waitFor();
    await openChat(viewer.page, ann.email);
    await panel(viewer.page).getByText('Start the conversation').waitFor();

    const first = await deliveryMs(admin.page, viewer.page, 'Hello Vic, the Q3 report is live');
    expect(first).toBeLessThan(1000);
    const reply = await deliveryMs(viewer.page, admin.page, 'Thanks Ann!\nLooking now.');
    expect(reply).toBeLessThan(1000);

    // Times as HH:mm, initials of the other person, own messages on the right.
    const time = await admin.page.locator('.chat-message time').first().textContent();
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    await admin.page.locator('.chat-message--other .chat-avatar', { hasText: 'VI' }).waitFor();
    await viewer.page.locator('.chat-message--other .chat-avatar', { hasText: 'AN' }).waitFor();
    // One day separator above the day's first message.
    expect(await admin.page.locator('.chat-day').allTextContents()).toEqual(['Today']);
    // Both sides have it open, so Ann's message is read at once: the double green tick.
    await admin.page.locator('.chat-message--own [data-ticks="read"]').waitFor();
    expect(
      await admin.page.locator('[data-ticks="read"]').evaluate((el) => getComputedStyle(el).color),
    ).toBe('rgb(21, 128, 61)');
  });

  it('Shift+Enter adds a line, Enter sends; the box grows from 40 to at most 120 px', async () => {
    const box = messageBox(admin.page);
    expect(await box.evaluate((el) => el.getBoundingClientRect().height)).toBe(40);
    await box.click();
    for (let line = 0; line < 8; line++) {
      await admin.page.keyboard.type(`line ${line}`);
      await admin.page.keyboard.press('Shift+Enter');
    }
    expect(await box.inputValue()).toContain('line 7\n');
    expect(await box.evaluate((el) => el.getBoundingClientRect().height)).toBe(120);
    await box.fill('Short again');
    expect(await box.evaluate((el) => el.getBoundingClientRect().height)).toBe(40);
    await box.press('Enter');
    await viewer.page.locator('.chat-bubble__text', { hasText: 'Short again' }).waitFor();
    expect(await box.inputValue()).toBe('');
  });

  it('an image: previewed with its size, sent, shown at most 200 px high on the other side', async () => {
    const input = admin.page.getByTestId('chat-image-input');
    expect(await input.getAttribute('accept')).toBe('image/*');
    await input.setInputFiles({
      name: 'chart.png',
      mimeType: 'image/png',
      buffer: solidPng([245, 158, 11], 400, 600),
    });
    await panel(admin.page).getByText('chart.png').waitFor();
    await panel(admin.page)
      .getByText(/^(< )?\d+\.\d{2} MB$/)
      .waitFor();
    await admin.page.getByRole('button', { name: 'Remove image chart.png' }).click();
    await panel(admin.page).getByText('chart.png').waitFor({ state: 'detached' });
    await input.setInputFiles({
      name: 'chart.png',
      mimeType: 'image/png',
      buffer: solidPng([245, 158, 11], 400, 600),
    });
    // An image alone is a message.
    await admin.page.getByRole('button', { name: 'Send message' }).click();
    const image = viewer.page.getByRole('img', { name: `Image from ${ann.email}` });
    await image.waitFor();
    await viewer.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.chat-message--other img');
      return img !== null && img.complete && img.naturalHeight === 600;
    });
    expect(await image.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(
      200,
    );
  });

  it('a reaction from one side is seen on the other, and toggles off again', async () => {
    const message = viewer.page
      .locator('.chat-message--other')
      .filter({ hasText: 'Hello Vic, the Q3 report is live' });
    await message.hover();
    await message.getByRole('button', { name: 'Add reaction' }).click();
    await message.getByRole('button', { name: 'React with thumbs up' }).click();
    const seen = admin.page.getByRole('button', { name: 'thumbs up: 1' });
    await seen.waitFor();
    expect(await seen.getAttribute('aria-pressed')).toBe('false');
    await message.getByRole('button', { name: 'thumbs up: 1' }).click();
    await seen.waitFor({ state: 'detached' });
  });

  it('typing shows "<name> is typing…" on the other side and goes off by itself', async () => {
    await messageBox(viewer.page).pressSequentially('I am wri', { delay: 20 });
    const typing = admin.page.getByText('Vic Viewer is typing…');
    await typing.waitFor();
    // No further keystrokes: the indicator goes off 2 s after the last signal (wait allows 5 s).
    await typing.waitFor({ state: 'detached', timeout: 5_000 });
    await messageBox(viewer.page).fill('');
  });

  it('ticks turn green when the other person opens the conversation; notification and badge', async () => {
    await viewer.page.keyboard.press('Escape');
    await panel(viewer.page).waitFor({ state: 'detached' });
    await messageBox(admin.page).fill('Are you there?');
    await messageBox(admin.page).press('Enter');
    const own = admin.page.locator('.chat-message--own').filter({ hasText: 'Are you there?' });
    await own.locator('[data-ticks="sent"]').waitFor();

    // The closed panel: a badge and a desktop notification (permission granted in this context).
    await launcher(viewer.page)
      .and(viewer.page.getByRole('button', { name: /1 unread/ }))
      .waitFor();
    await viewer.page.waitForFunction(
      () => (window as unknown as { notifications: unknown[] }).notifications.length > 0,
    );
    const notes = await viewer.page.evaluate(
      () =>
        (window as unknown as { notifications: { title: string; body?: string }[] }).notifications,
    );
    expect(notes.at(-1)).toEqual({
      title: `New message from ${ann.email}`,
      body: 'Are you there?',
    });

    // The remembered recipient reopens the conversation: read, and Ann's tick goes green.
    await launcher(viewer.page).click();
    await log(viewer.page).getByText('Are you there?').waitFor();
    await own.locator('[data-ticks="read"]').waitFor();
  });

  it('a refused message disappears with "Failed to send message" and its text comes back', async () => {
    // The server refuses more than 4,000 characters (a real refusal, not a stubbed route).
    const long = 'x'.repeat(4_001);
    await messageBox(admin.page).fill(long);
    await admin.page.getByRole('button', { name: 'Send message' }).click();
    await toast(admin.page, 'Failed to send message');
    await admin.page.locator('.chat-message--pending').waitFor({ state: 'detached' });
    expect(await log(admin.page).getByText(long).count()).toBe(0);
    expect(await messageBox(admin.page).inputValue()).toBe(long);
    await messageBox(admin.page).fill('');
  });

  it('loading fails: the stored copy with "Using offline mode - some messages may be missing"', async () => {
    const page = admin.page;
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await page.route('**/api/conversations/key/*', (route) => route.abort());
    try {
      await launcher(page).click();
      await panel(page)
        .getByText('Using offline mode - some messages may be missing')
        .first()
        .waitFor();
      await log(page).getByText('Are you there?').waitFor();
    } finally {
      await page.unroute('**/api/conversations/key/*');
    }
  });

  it('is accessible with the panel open, light and dark', async () => {
    await expectAccessible(admin.page, 'chat panel (light)');
    const tenant = await server.createTenant({ name: 'Nightly', theme: 'dark' });
    await server.createPerson({ tenantId: tenant.id, role: 'Viewer', email: 'nia@nightly.test' });
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: 'dan@nightly.test' });
    const dark = await openPortal(server.url, { colorScheme: 'dark' });
    try {
      await signInAndLand(dark.page, 'dan@nightly.test', '/users');
      await openChat(dark.page);
      await panel(dark.page).getByText('Select a Team Member').waitFor();
      await expectAccessible(dark.page, 'chat panel (dark, empty)');
      await dark.page.getByLabel('Chat with').selectOption({ label: 'nia@nightly.test' });
      await panel(dark.page).getByText('Start the conversation').waitFor();
      await expectAccessible(dark.page, 'chat panel (dark, new conversation)');
      await messageBox(dark.page).fill('Hello Nia');
      await messageBox(dark.page).press('Enter');
      await dark.page.locator('.chat-message--own [data-ticks="sent"]').waitFor();
      await expectAccessible(dark.page, 'chat panel (dark, a message)');
      // Phones: the panel takes the whole screen.
      await dark.page.setViewportSize({ width: 375, height: 740 });
      expect(await panel(dark.page).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
      await expectAccessible(dark.page, 'chat panel (dark, 375 px)');
      expect(dark.errors).toEqual([]);
    } finally {
      await dark.context.close();
    }
  });

  it('a long conversation opens on its newest 200; "Load earlier messages" adds the rest above', async () => {
    const walt = await server.createPerson({ tenantId, role: 'Viewer', email: 'walt@acme.test' });
    const token = await server.tokenFor(walt.email);
    const key = [walt.id, ann.id].sort().join('_');
    const first = await server.app.inject({
      method: 'POST',
      url: `/api/messages/${key}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nold 0\r\n--x--\r\n',
    });
    expect(first.statusCode, first.body).toBe(201);
    const { conversationId } = first.json<{ conversationId: string }>();
    // 249 more straight into the table, a millisecond apart, as sends would leave them.
    const base = Date.now() - 60_000;
    await server.database.db
      .insertInto('messages')
      .values(
        Array.from({ length: 249 }, (_, i) => ({
          conversation_id: conversationId,
          sender_id: walt.id,
          content: `old ${i + 1}`,
          image_key: null,
          client_id: null,
          created_at: new Date(base + i),
        })),
      )
      .execute();

    const page = admin.page;
    // A teammate added since the last open is in the list at the next open.
    if ((await panel(page).count()) > 0) await launcher(page).click();
    await openChat(page, walt.email);
    const texts = () => log(page).locator('.chat-bubble__text').allTextContents();
    await log(page).getByText('old 249', { exact: true }).waitFor();
    expect(await texts()).toHaveLength(200);
    expect((await texts())[0]).toBe('old 50');
    await log(page).getByText('old 50', { exact: true }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Load earlier messages' }).click();
    await log(page).getByText('old 0', { exact: true }).waitFor();
    const all = await texts();
    expect(all).toEqual(Array.from({ length: 250 }, (_, i) => `old ${i}`));
    // Nothing older is left, and the view stayed on the message that was at the top.
    expect(await page.getByRole('button', { name: 'Load earlier messages' }).count()).toBe(0);
    const logBox = (await log(page).boundingBox())!;
    const kept = (await log(page).getByText('old 50', { exact: true }).boundingBox())!;
    expect(kept.y).toBeGreaterThanOrEqual(logBox.y - 1);
    expect(kept.y).toBeLessThan(logBox.y + logBox.height);
  });

  it('signing out closes the event stream', async () => {
    // The server's open streams of one person (the hub's own bookkeeping, read for the test).
    const hub = (server.app as unknown as { chatHub: { streams: Map<string, Set<unknown>> } })
      .chatHub;
    const streamsOf = (id: string) => hub.streams.get(id)?.size ?? 0;
    expect(streamsOf(vic.id)).toBe(1);
    await viewer.page.getByRole('button', { name: 'Account menu for Vic Viewer' }).click();
    await viewer.page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await viewer.page.waitForURL((url) => url.pathname === '/login');
    // The address changes before the sign-in page replaces the shell.
    await expect.poll(() => launcher(viewer.page).count()).toBe(0);
    await expect.poll(() => streamsOf(vic.id)).toBe(0);
    expect(streamsOf(ann.id)).toBe(1);
  });
});
