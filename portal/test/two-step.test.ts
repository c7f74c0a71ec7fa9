import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  expectAccessible,
  openPortal,
  settled,
  signIn,
  signInAndLand,
  toast,
} from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { totpCode } from './support/totp.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

const VIEWER = 'tom.totp@acme.test';
const PASSKEY_PERSON = 'pia.passkey@acme.test';
const ADMIN = 'ada.admin@acme.test';
const STRICT_PERSON = 'sam.strict@strict.test';
const STRICT_ADMIN = 'sue.admin@strict.test';

/** The two-step section of My account. */
const twoStep = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Two-step verification' }) });

async function openMyAccount(page: Page) {
  await page.goto('/account');
  await settled(page);
  await twoStep(page).getByRole('status').waitFor();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** Sets up the authenticator app in the open dialog; returns its secret and the recovery codes. */
async function setUpApp(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = ((await dialog.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // A wrong code is refused under the field; nothing is turned on.
  const wrong = totpCode(secret, Date.now(), 5);
  await dialog.getByLabel('Code from the app').fill(wrong);
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await dialog.locator('.field__error').waitFor();
  // Pasted with a space, as apps copy it; the step before now, so the sign-in below may use now's.
  const code = totpCode(secret, Date.now(), -1);
  await dialog.getByLabel('Code from the app').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  expect(await dialog.getByLabel('Code from the app').inputValue()).toBe(code);
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const list = codesDialog.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
  return { secret, codes, codesDialog };
}

describe('Two-step verification (Chromium, real server)', () => {
  let server: PortalServer;

  beforeAll(async () => {
    server = await startPortalServer({ localhost: true });
    const acme = await server.createTenant({ name: 'Acme', theme: 'light' });
    const strict = await server.createTenant({ name: 'Strict', theme: 'light' });
    await server.createPerson({ tenantId: acme.id, role: 'Viewer', email: VIEWER });
    await server.createPerson({ tenantId: acme.id, role: 'Viewer', email: PASSKEY_PERSON });
    await server.createPerson({ tenantId: acme.id, role: 'Admin', email: ADMIN });
    await server.createPerson({ tenantId: strict.id, role: 'Viewer', email: STRICT_PERSON });
    await server.createPerson({ tenantId: strict.id, role: 'Admin', email: STRICT_ADMIN });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('sets up an authenticator app on My account, then signs in with its code and a recovery code', async () => {
    const { context, page, errors } = await openPortal(server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAndLand(page, VIEWER, '/tenant/reports');
    await openMyAccount(page);
    await twoStep(page).getByText('Off', { exact: true }).waitFor();
    await twoStep(page).getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expectAccessible(page, 'authenticator set-up');
    const { codes, codesDialog, secret } = await setUpApp(page);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // Copy puts every code on the clipboard; Download saves them as a text file.
    await codesDialog.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Recovery codes copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      codesDialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('canopy-recovery-codes.txt');
    const saved = readFileSync(await download.path(), 'utf8');
    for (const code of codes) expect(saved).toContain(code);
    await codesDialog.getByRole('button', { name: 'Done' }).click();
    await twoStep(page).getByText('10 of 10 left').waitFor();
    await twoStep(page).getByText('On', { exact: true }).first().waitFor();

    // Sign in again: the password, then the app's code.
    await signOutFromMenu(page);
    await signIn(page, VIEWER);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    const field = page.getByLabel('Verification code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(page, 'second step');
    // A wrong code: the server's reason, and the step stays.
    await field.fill(totpCode(secret, Date.now(), 7));
    await page.getByRole('alert').filter({ hasText: /code/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Six digits submit by themselves.
    await field.fill(totpCode(secret));
    await page.waitForURL((url) => url.pathname === '/tenant/reports');
    await settled(page);

    // A recovery code signs in once, and says how many are left.
    await signOutFromMenu(page);
    await signIn(page, VIEWER);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]?.toUpperCase() ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/tenant/reports');
    await toast(page, 'Recovery code used. 9 left.');
    await settled(page);
    await signOutFromMenu(page);
    await signIn(page, VIEWER);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /recovery code|code/i })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // "Back to sign in" returns to the password form.
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends an expired second step back to the password with a message', async () => {
    const { context, page, errors } = await openPortal(server.url);
    // The browser clock runs ahead of the ticket's five minutes once the step is on screen.
    await page.clock.install();
    await signIn(page, VIEWER);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.clock.fastForward('06:00');
    await page.getByText('Your sign-in took too long to finish').waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a passkey with the virtual authenticator, signs in with it, renames and removes it', async () => {
    const { context, page, errors } = await openPortal(server.url);
    const authenticator = await addVirtualAuthenticator(page);
    await signInAndLand(page, PASSKEY_PERSON, '/tenant/reports');
    await openMyAccount(page);
    await twoStep(page).getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByLabel('Passkey name').fill('Work laptop');
    await add.getByRole('button', { name: 'Create passkey' }).click();
    // The first factor brings recovery codes.
    const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await codes.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    const passkeys = twoStep(page).getByRole('list', { name: 'Passkeys' });
    await passkeys.getByRole('listitem', { name: 'Work laptop' }).getByText('Never used').waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);

    // Sign in: password, then the passkey (the step offers it first: there is no app).
    await signOutFromMenu(page);
    await signIn(page, PASSKEY_PERSON);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/tenant/reports');
    await openMyAccount(page);
    await passkeys
      .getByRole('listitem', { name: 'Work laptop' })
      .getByText(/Last used/)
      .waitFor();

    // Rename it.
    await passkeys.getByRole('button', { name: 'Rename Work laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Passkey name').fill('Desk laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Passkey renamed');
    await passkeys.getByRole('listitem', { name: 'Desk laptop' }).waitFor();

    // Removing asks who it is: a wrong password is refused under the field, the right one removes.
    await passkeys.getByRole('button', { name: 'Remove Desk laptop' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove passkey' });
    await remove.getByLabel('Current password').fill('Not-The-Password-1');
    await remove.getByRole('button', { name: 'Remove' }).click();
    await remove.locator('.field__error').waitFor();
    await remove.getByLabel('Current password').fill('Correct-Horse-1');
    await remove.getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Passkey removed');
    await twoStep(page).getByText('No passkeys yet.', { exact: false }).waitFor();
    await twoStep(page).getByText('Off', { exact: true }).waitFor();

    // Without a factor, the password alone signs in again.
    await signOutFromMenu(page);
    await signInAndLand(page, PASSKEY_PERSON, '/tenant/reports');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('requires a factor when the organisation says so: set-up first, then on to the portal', async () => {
    const admin = await openPortal(server.url);
    await signInAndLand(admin.page, STRICT_ADMIN, '/users');
    await admin.page.goto('/tenant/settings');
    await settled(admin.page);
    const policy = admin.page.getByLabel(
      'Require two-step verification for everyone in this organisation',
    );
    await expect.poll(() => policy.isEnabled()).toBe(true);
    expect(await policy.isChecked()).toBe(false);
    await policy.check();
    await toast(
      admin.page,
      'Two-step verification is now required for everyone in this organisation',
    );
    // Read again from the server, it stays.
    await admin.page.reload();
    await expect.poll(() => policy.isChecked()).toBe(true);
    await admin.context.close();

    const { context, page, errors } = await openPortal(server.url);
    await signIn(page, STRICT_PERSON);
    await page.waitForURL((url) => url.pathname === '/two-step-setup');
    await page.getByText('Your organisation requires two-step verification').waitFor();
    await expectAccessible(page, 'required set-up');
    // Anything else leads back here, and remembers where it was going.
    await page.goto('/account/subscriptions');
    await page.waitForURL(
      (url) =>
        url.pathname === '/two-step-setup' &&
        url.searchParams.get('next') === '/account/subscriptions',
    );
    await page.getByRole('button', { name: 'Use an authenticator app' }).click();
    const secret = ((await page.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('Code from the app').fill(totpCode(secret, Date.now(), -1));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/account/subscriptions');
    await settled(page);
    await page.getByRole('heading', { name: 'My subscriptions' }).waitFor();
    // The last factor cannot go while the organisation requires one.
    await openMyAccount(page);
    await twoStep(page).getByText('Required', { exact: true }).waitFor();
    await twoStep(page).getByRole('button', { name: 'Remove the authenticator app' }).click();
    await toast(page, 'add another way to verify before removing this one');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets an Admin reset a person's two-step verification after a confirmation", async () => {
    // Tom set up an app in the first test; his Admin resets it.
    const { context, page, errors } = await openPortal(server.url);
    await signInAndLand(page, ADMIN, '/users');
    await page.getByRole('button', { name: `Reset two-step verification of ${VIEWER}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText(`Reset two-step verification for ${VIEWER}?`).waitFor();
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await toast(page, `Two-step verification reset for ${VIEWER}`);
    // Not on one's own row: My account is the way for that.
    expect(
      await page.getByRole('button', { name: `Reset two-step verification of ${ADMIN}` }).count(),
    ).toBe(0);
    await context.close();

    // Tom signs in with his password alone.
    const tom = await openPortal(server.url);
    await signInAndLand(tom.page, VIEWER, '/tenant/reports');
    await openMyAccount(tom.page);
    await twoStep(tom.page).getByText('Off', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    expect(tom.errors).toEqual([]);
    await tom.context.close();
  });
});
