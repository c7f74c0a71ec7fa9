import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PG_ADMIN_URL =
  process.env.CANOPY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for one benchmark run; dropped by the returned function. */
export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `canopy_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Starts `src/server.ts` as its own process (the load generator must not share its event loop),
 * on a fixed port, with the global rate limit off. Resolves once /api/health answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = env.PORT ?? String(5400 + Math.floor(Math.random() * 400));
  const child = spawn(
    process.execPath,
    ['--conditions=@canopy/source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        CANOPY_JWT_SECRET: randomBytes(32).toString('hex'),
        CANOPY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        CANOPY_DATA_DIR: mkdtempSync(join(tmpdir(), 'canopy-bench-')),
        CANOPY_RATE_LIMIT_PER_MINUTE: '0',
        // The benches sign in with a password; production would ask super admins for a factor.
        CANOPY_REQUIRE_MFA_SUPERADMINS: 'false',
        CANOPY_EMULATOR_PORT: '0',
        PORT: port,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
