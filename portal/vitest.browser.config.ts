import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

/**
 * End-to-end tests: the real server (app plugin, fresh PGlite database, port 0) serves the built
 * SPA, and Playwright drives the system Chromium from Node.
 */
export default defineProject({
  test: {
    name: 'portal-browser',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/build-spa.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
  ...sourceConditions,
});
