import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Where the end-to-end suite's production build of the SPA goes (the server serves it). */
export const E2E_SPA_DIR = fileURLToPath(new URL('../../.tmp/e2e-dist', import.meta.url));

/** vitest globalSetup: one production build per run, the same bundle `pnpm build` makes. */
export default async function buildSpa() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // vitest runs with NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: 'warn',
      build: { outDir: E2E_SPA_DIR, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
