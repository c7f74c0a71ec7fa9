import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

/** The Chromium smoke test of this example: Playwright drives the system Chromium from Node. */
export default defineProject({
  test: {
    name: 'example-vue-vite-browser',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
  // The Canopy packages resolve to their sources, in the client and the SSR (Node) module graphs.
  ...sourceConditions,
});
