import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

/** Chromium: the HTML pages of docs/ loaded as printed, against a real emulator. */
export default defineProject({
  test: {
    name: 'example-dev-kit-browser',
    environment: 'node',
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
  ...sourceConditions,
});
