import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

/**
 * The Chromium tier of the emulator: a host page on one origin embeds every embed type from an
 * in-process emulator on another origin through @canopy/embed-core, driven by Playwright from Node.
 */
export default defineProject({
  test: {
    name: 'emulator-browser',
    environment: 'node',
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
  ...sourceConditions,
});
