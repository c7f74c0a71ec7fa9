import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const TMP = fileURLToPath(new URL('../../.tmp', import.meta.url));
/** Link to the newest production build of the SPA; the end-to-end servers serve what it points at. */
const LINK = join(TMP, 'e2e-dist');
const BUILDS = join(TMP, 'e2e-builds');
/** Older builds stay this long: a suite started on one keeps its files while another run rebuilds. */
const KEEP_MS = 30 * 60_000;

/**
 * The folder of the newest build, resolved now. Each server pins the build it started with, so a
 * rebuild by a concurrent run (another terminal, a benchmark) never empties a folder in use.
 */
export const e2eSpaDir = () => realpathSync(LINK);

/** vitest globalSetup: one production build per run. */
export default async function setup() {
  await buildSpa();
}

/** Builds the same bundle `pnpm build` makes into a new folder; returns that folder. */
export async function buildSpa() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  mkdirSync(BUILDS, { recursive: true });
  const outDir = join(BUILDS, `${Date.now()}-${process.pid}`);
  // vitest runs with NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  // Swap the link in one rename (a plain folder from an older layout is removed once).
  const next = `${LINK}.${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(outDir, next);
  if (existsSync(LINK) && !lstatSync(LINK).isSymbolicLink()) rmSync(LINK, { recursive: true });
  renameSync(next, LINK);
  for (const name of readdirSync(BUILDS)) {
    const path = join(BUILDS, name);
    if (path !== outDir && Date.now() - statSync(path).mtimeMs > KEEP_MS)
      rmSync(path, { recursive: true, force: true });
  }
  return outDir;
}
