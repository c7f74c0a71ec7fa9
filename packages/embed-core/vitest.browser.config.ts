import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

/**
 * The Chromium tier: real cross-origin iframes and the script-tag build in the system Chromium
 * (Playwright drives it from Node, hence `environment: 'node'`).
 */
export default defineProject({
  test: {
    name: 'embed-core-browser',
    environment: 'node',
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
  ...sourceConditions,
});
