/**
 * Screenshots of the Team Chat for docs/portal.md: a conversation with an image, a reaction and
 * read ticks (light theme at 1280 px, dark theme at 375 px) and the empty "Select a Team Member"
 * panel. The real server on a fresh PGlite database, the built SPA, the system Chromium.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/chat-screenshots.ts [outDir]
 *
 * outDir defaults to ../docs/portal; SKIP_BUILD=1 reuses the newest build (.tmp/e2e-dist).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { closeBrowser, openPortal, signInAndLand } from '../test/support/browser.ts';
import { solidPng } from '../test/support/png.ts';
import { startPortalServer, type PortalServer } from '../test/support/portal-server.ts';
import { animationsDone } from './support/animations-done.ts';
import { outputFolder } from './support/shot-folder.ts';
import { spaForRun } from './support/spa-for-run.ts';

const outDir = outputFolder('../docs/portal');
const spaDir = await spaForRun();

/** Extra states for a reviewer (not in the docs): CHAT_REVIEW=1. */
const review = process.env.CHAT_REVIEW === '1';

const tokenOf = (server: PortalServer, email: string) => server.tokenFor(email);

/** A conversation as a person would have it: a question, a reply with a chart, a reaction, read. */
async function stage(server: PortalServer, theme: 'light' | 'dark', width: number) {
  const name = theme === 'light' ? 'Northwind' : 'Contoso';
  const domain = `${name.toLowerCase()}.test`;
  const tenant = await server.createTenant({
    name,
    theme,
    primaryColor: theme === 'light' ? '#0f766e' : '#6d28d9',
  });
  const ann = await server.createPerson({
    tenantId: tenant.id,
    role: 'Admin',
    email: `ann.baker@${domain}`,
  });
  const vic = await server.createPerson({
    tenantId: tenant.id,
    role: 'Viewer',
    email: `victor.ng@${domain}`,
  });
  await server.createPerson({ tenantId: tenant.id, role: 'Viewer', email: `maria.diaz@${domain}` });
  const key = [ann.id, vic.id].sort().join('_');
  const vicToken = await tokenOf(server, vic.email);
  const asVic = (method: 'POST', url: string, payload: object) =>
    server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${vicToken}` } });
  await asVic('POST', `/api/messages/${key}`, {
    content: 'Morning Ann! Did the Q3 revenue report refresh overnight?',
  });

  const { page, context } = await openPortal(server.url, {
    width,
    height: width < 420 ? 740 : 800,
    colorScheme: theme,
  });
  await signInAndLand(page, ann.email, '/users');
  await page.getByRole('button', { name: /Open Team Chat/ }).click();
  return { page, context, ann, vic, key, asVic };
}

async function converse(
  page: Page,
  staged: Awaited<ReturnType<typeof stage>>,
  options: { image: boolean },
) {
  await page.getByLabel('Chat with').selectOption({ label: staged.vic.email });
  await page.getByText('Did the Q3 revenue report refresh').waitFor();
  const box = page.getByRole('textbox', { name: /^Message / });
  await box.fill('Yes, it finished at 06:10. Revenue is up 12% on Q2.');
  await box.press('Enter');
  if (options.image) {
    await page.getByTestId('chat-image-input').setInputFiles({
      name: 'q3-chart.png',
      mimeType: 'image/png',
      buffer: solidPng([251, 191, 36], 320, 180),
    });
    await box.fill('Here is the chart for the board pack.');
    if (review) {
      await animationsDone(page);
      await page.screenshot({
        path: join(outDir, `chat-review-attachment-${page.viewportSize()?.width}.png`),
      });
    }
    await box.press('Enter');
    await page.locator('.chat-bubble__image:not([src^="blob:"])').waitFor();
  }
  await page.locator('.chat-message--pending').waitFor({ state: 'detached' });
  const ids = await page
    .locator('.chat-message--own[data-message-id]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-message-id') ?? ''));
  await staged.asVic('POST', `/api/conversations/key/${staged.key}/read`, { messageIds: ids });
  await staged.asVic('POST', `/api/conversations/messages/${ids[0]}/reactions`, { emoji: '👍' });
  await staged.asVic('POST', `/api/messages/${staged.key}`, {
    content: 'Perfect, thanks!',
  });
  await page.getByText('Perfect, thanks!').waitFor();
  await page.locator('[data-ticks="read"]').first().waitFor();
  await page.locator('.chat-reaction').first().waitFor();
  await page.getByRole('textbox', { name: /^Message / }).click();
  if (review) {
    await staged.asVic('POST', `/api/conversations/${staged.key}/typing`, {
      userId: staged.vic.id,
      isTyping: true,
    });
    await page.getByText(/is typing/).waitFor();
    const last = page.locator('.chat-message--other').last();
    await last.hover();
    await last.getByRole('button', { name: 'Add reaction' }).click();
    await page.screenshot({
      path: join(outDir, `chat-review-typing-picker-${page.viewportSize()?.width}.png`),
    });
    await page.keyboard.press('Escape');
  }
  await animationsDone(page);
}

const server = await startPortalServer({ spaDir });
try {
  const light = await stage(server, 'light', 1280);
  await light.page.getByText('Select a Team Member').waitFor();
  await animationsDone(light.page);
  await light.page.screenshot({ path: join(outDir, 'chat-empty-light-1280.png') });
  await converse(light.page, light, { image: true });
  await light.page.screenshot({ path: join(outDir, 'chat-conversation-light-1280.png') });
  await light.context.close();

  const dark = await stage(server, 'dark', 375);
  await converse(dark.page, dark, { image: true });
  await dark.page.screenshot({ path: join(outDir, 'chat-conversation-dark-375.png') });
  await dark.context.close();
  console.log(`Screenshots in ${outDir}`);
} finally {
  await closeBrowser();
  await server.close();
}
