import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Flags for Debian's Chromium on a closed network: without the background-networking flags Chromium
 * keeps trying to reach Google's hosts and its refused connections pile up.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches the system Chromium (`$CHROMIUM_PATH` or `/usr/bin/chromium`); never a downloaded browser. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install it with: apt-get install -y --no-install-recommends chromium fonts-liberation (or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}
