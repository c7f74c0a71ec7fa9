import { spawnSync } from 'node:child_process';

const PG_HOST = '127.0.0.1';
const PG_PORT = 5432;
let warned = false;

/**
 * Whether the server suites also run on a real PostgreSQL server (127.0.0.1:5432, or the host of
 * CANOPY_TEST_PG_URL). Without one a developer still gets the PGlite run (one loud line says what
 * was skipped); on CI a missing PostgreSQL is an error, never a silent skip.
 */
export function postgresTierEnabled(): boolean {
  const url = new URL(
    process.env.CANOPY_TEST_PG_URL ?? `postgres://postgres@${PG_HOST}:${PG_PORT}/test`,
  );
  const probe = `require('node:net').connect(${Number(url.port || PG_PORT)}, ${JSON.stringify(url.hostname)})
    .on('connect', () => process.exit(0)).on('error', () => process.exit(1)).setTimeout(1500, () => process.exit(1));`;
  const reachable = spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
  if (reachable) return true;
  if (process.env.CI) {
    throw new Error(
      `CI is set but PostgreSQL is not reachable at ${url.host}. Start it (see .ci/run).`,
    );
  }
  if (!warned) {
    warned = true;
    console.warn(
      `\n!!! POSTGRESQL SERVER TESTS SKIPPED: nothing listens on ${url.host}; the server suites run on PGlite only.\n`,
    );
  }
  return false;
}
