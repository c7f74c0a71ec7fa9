import type { Page } from 'playwright-core';

/**
 * A passkey authenticator built into Chromium (the DevTools protocol's WebAuthn domain), as a
 * platform authenticator with a fingerprint that always matches: `navigator.credentials` in this
 * page creates and uses real credentials on it, with no prompt to click.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The credentials the authenticator holds (one per passkey registered on it). */
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    cdp,
    authenticatorId,
  };
}
