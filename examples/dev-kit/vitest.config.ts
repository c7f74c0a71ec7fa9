import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

/** The dev-kit's integration tests: a real emulator over real HTTP, no browser. */
export default defineProject({
  test: {
    name: 'example-dev-kit',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  ...sourceConditions,
});
