import type { BrowserContext } from 'playwright-core';

/**
 * The emulator's consent page sends `form-action 'self'`, and Chromium applies form-action to the
 * redirect that follows the form post, so Allow/Cancel could never reach the app's callback on
 * another origin (real Xero's page has no such limit). Until the emulator lists the redirect
 * origin itself, this adds it to that one page's policy; everything else keeps its CSP.
 */
export async function allowConsentRedirects(context: BrowserContext, xeroUrl: string, to: string) {
  await context.route(`${xeroUrl}/identity/connect/authorize**`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const headers = { ...response.headers() };
    const policy = headers['content-security-policy'];
    if (policy)
      headers['content-security-policy'] = policy.replace(
        "form-action 'self'",
        `form-action 'self' ${new URL(to).origin}`,
      );
    await route.fulfill({ response, headers });
  });
}
