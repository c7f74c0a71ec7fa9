import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

export default defineProject({
  test: {
    name: 'emulator',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**'],
    // Every test file starts its own emulator (DuckDB generation included): give slow CI room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  ...sourceConditions,
});
