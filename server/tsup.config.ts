import { execFileSync } from 'node:child_process';
import { defineConfig } from 'tsup';

/** The commit built, for GET /api/version; absent outside a git checkout (a container build). */
function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

const commit = process.env.CANOPY_BUILD_COMMIT ?? gitCommit();

/**
 * The compiled server: plain JavaScript that `node dist/server.js` runs, no tsx at run time. npm
 * dependencies and @canopy/emulator (built to its own dist/ by `pnpm build`) stay external;
 * @canopy/portal-contract exports TypeScript sources only, so it is bundled in. The migrations are
 * imported statically (src/db/migrations/index.ts), so they are part of the bundle too.
 */
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    migrate: 'src/cli/migrate.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'rebuild-usage-rollups': 'src/cli/rebuild-usage-rollups.ts',
    outbox: 'src/cli/outbox.ts',
    'analytics-profiles': 'src/cli/analytics-profiles.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  dts: false,
  splitting: true,
  noExternal: ['@canopy/portal-contract'],
  env: commit ? { CANOPY_BUILD_COMMIT: commit } : {},
});
