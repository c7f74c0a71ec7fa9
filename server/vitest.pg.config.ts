import { configDefaults, defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

/** The same server suites on a real PostgreSQL server (127.0.0.1:5432, database `test`). */
export default defineProject({
  test: {
    name: 'server-pg',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Suites that never read the database (the OpenAPI document) run once, on PGlite.
    exclude: [...configDefaults.exclude, 'test/routes/docs/**'],
    globalSetup: ['test/global-setup.ts'],
    env: { CANOPY_TEST_DB: 'postgres' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  ...sourceConditions,
});
