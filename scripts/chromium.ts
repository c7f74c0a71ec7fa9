import { existsSync } from 'node:fs';

/** Where the browser tier looks for Chromium: `$CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export const CHROMIUM_INSTALL_HINT =
  'sudo apt-get install -y --no-install-recommends chromium fonts-liberation (or set CHROMIUM_PATH)';

let warned = false;

/**
 * Whether the Chromium test tier runs. Without Chromium a developer still gets the other tiers
 * (one loud line says what was skipped); on CI a missing Chromium is an error, never a silent skip.
 */
export function browserTierEnabled(): boolean {
  if (existsSync(chromiumPath())) return true;
  if (process.env.CI) {
    throw new Error(
      `CI is set but Chromium was not found at ${chromiumPath()}. Install it: ${CHROMIUM_INSTALL_HINT}`,
    );
  }
  if (!warned) {
    warned = true;
    console.warn(
      `\n!!! BROWSER TESTS SKIPPED: Chromium not found at ${chromiumPath()}. Install: ${CHROMIUM_INSTALL_HINT}\n`,
    );
  }
  return false;
}
