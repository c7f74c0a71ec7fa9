import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

/**
 * The Chromium tier: a React page bundled from the sources embeds a report served by the emulator
 * (Playwright drives the system Chromium from Node, hence `environment: 'node'`).
 */
export default defineProject({
  test: {
    name: 'embed-react-browser',
    environment: 'node',
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
  ...sourceConditions,
});
