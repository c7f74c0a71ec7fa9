import type { TestProjectConfiguration } from 'vitest/config';
import { browserTierEnabled } from './scripts/chromium.ts';
import { postgresTierEnabled } from './scripts/postgres.ts';

/**
 * The single list of test projects. vitest 4 no longer reads this file by itself:
 * `vitest.config.ts` passes it to `test.projects`.
 *
 * - `{packages,examples}/<name>/vitest.config.ts`: unit and integration tests (happy-dom or node).
 * - `{packages,examples}/<name>/vitest.browser.config.ts`: tests that drive real Chromium through
 *   Playwright. Dropped (with one loud line) on a machine without Chromium unless `CI` is set.
 * - `server/vitest.config.ts` runs the server suites on PGlite; `server/vitest.pg.config.ts` runs
 *   the same files on PostgreSQL, dropped (with one loud line) when none is reachable unless `CI`.
 */
const unit = [
  'packages/*/vitest.config.ts',
  'examples/*/vitest.config.ts',
  'server/vitest.config.ts',
  'portal/vitest.config.ts',
];
const browser = [
  'packages/*/vitest.browser.config.ts',
  'examples/*/vitest.browser.config.ts',
  'portal/vitest.browser.config.ts',
];

export default [
  ...unit,
  ...(postgresTierEnabled() ? ['server/vitest.pg.config.ts'] : []),
  ...(browserTierEnabled() ? browser : []),
] satisfies TestProjectConfiguration[];
