import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

/** The server suites on PGlite (in-process PostgreSQL): the zero-set-up backend. */
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    env: { CANOPY_TEST_DB: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  ...sourceConditions,
});
