import { buildSpa, e2eSpaDir } from '../../test/support/build-spa.ts';

/**
 * The SPA a screenshot run serves: a fresh build, or with SKIP_BUILD the newest one, so a chain of
 * scripts (`pnpm screenshots`) builds once. A build folder of its own (build-spa.ts): a test run
 * elsewhere may rebuild meanwhile.
 */
export const spaForRun = async () => (process.env.SKIP_BUILD ? e2eSpaDir() : await buildSpa());
