import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, expectAccessible, openPortal, signIn } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

describe('forgot password → mailed link → reset → sign in (Chromium, real server)', () => {
  let server: PortalServer;

  beforeAll(async () => {
    server = await startPortalServer();
    await server.createPerson({ superAdmin: true, email: 'forgetful@canopy.test' });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('should answer neutrally, mail a link, and accept the new password', async () => {
    const { page, errors } = await openPortal(server.url);
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email Address').fill('forgetful@canopy.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const neutral = 'If an account with that email exists, a reset link has been sent';
    await page.getByRole('status').filter({ hasText: neutral }).waitFor();
    // The same words for an address nobody has.
    await page.getByLabel('Email Address').fill('nobody@canopy.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: neutral }).waitFor();

    const links = await server.mailedLinks('forgetful@canopy.test');
    const link = links.find((path) => path.startsWith('/reset-password?token='));
    expect(link).toBeDefined();
    await page.goto(link ?? '/');
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await expectAccessible(page, 'reset password');
    const fill = async (password: string, confirmation: string) => {
      await page.getByLabel('New Password').fill(password);
      await page.getByLabel('Confirm Password').fill(confirmation);
      await page.getByRole('button', { name: 'Reset Password' }).click();
    };
    await fill('short', 'short');
    await page.getByText('Must be at least 8 characters').waitFor();
    await fill('lowercase1', 'lowercase1');
    await page.getByText('Must contain an uppercase letter').waitFor();
    await fill('NoNumberHere', 'NoNumberHere');
    await page.getByText('Must contain a number').waitFor();
    await fill('Brand-New-2', 'Brand-New-3');
    await page.getByText("Passwords don't match").waitFor();
    await fill('Brand-New-2', 'Brand-New-2');
    await page.waitForURL((url) => url.pathname === '/login');
    await page
      .locator('.toast')
      .filter({ hasText: 'Password reset successfully! You can now log in.' })
      .waitFor();

    await signIn(page, 'forgetful@canopy.test', 'Brand-New-2');
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(errors).toEqual([]);
  });
});
