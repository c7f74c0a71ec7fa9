import type { TestProjectConfiguration } from 'vitest/config';
import { browserTierEnabled } from './scripts/chromium.ts';

/**
 * The single list of test projects. vitest 4 no longer reads this file by itself:
 * `vitest.config.ts` passes it to `test.projects`.
 *
 * - `{packages,examples}/<name>/vitest.config.ts`: unit and integration tests (happy-dom or node).
 * - `{packages,examples}/<name>/vitest.browser.config.ts`: tests that drive real Chromium through
 *   Playwright. Dropped (with one loud line) on a machine without Chromium unless `CI` is set.
 */
const unit = ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts'];
const browser = ['packages/*/vitest.browser.config.ts', 'examples/*/vitest.browser.config.ts'];

export default [
  ...unit,
  ...(browserTierEnabled() ? browser : []),
] satisfies TestProjectConfiguration[];
