import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClient, defaultTenantId } from '@canopy/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import { testBackend } from '../support/backend.ts';
import { createEmptyTestDatabase } from '../support/test-database.ts';

/**
 * The server as operators run it: compiled by the package's own build (tsup), started by the
 * package's own `start` script through pnpm (pnpm → sh → node), on the suite's backend. The build
 * goes to a folder of its own under server/.tmp (node resolves the external dependencies from
 * server/node_modules), so the two tiers and a developer's dist/ never collide.
 */
const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SLOW = 240_000;
const manifest = JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as {
  version: string;
  scripts: { start: string };
};

let deployDir: string;
let dataDir: string;
let postgres: DatabaseHandle | undefined;

beforeAll(async () => {
  deployDir = join(SERVER_DIR, '.tmp', `deploy-${testBackend()}-${randomBytes(4).toString('hex')}`);
  mkdirSync(deployDir, { recursive: true });
  // The start script exactly as published, in a package of its own around this build.
  writeFileSync(
    join(deployDir, 'package.json'),
    JSON.stringify({
      name: 'canopy-server-under-test',
      version: manifest.version,
      private: true,
      type: 'module',
      scripts: { start: manifest.scripts.start },
    }),
  );
  execFileSync('pnpm', ['exec', 'tsup', '--out-dir', join(deployDir, 'dist')], {
    cwd: SERVER_DIR,
    stdio: 'pipe',
  });
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-process-test-'));
  if (testBackend() === 'postgres') postgres = await createEmptyTestDatabase();
}, SLOW);

afterAll(async () => {
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(deployDir, { recursive: true, force: true });
});

/** Secrets production requires; the variables a test adds come on top. */
const productionSecrets = () => ({
  NODE_ENV: 'production',
  CANOPY_JWT_SECRET: randomBytes(32).toString('base64url'),
  CANOPY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
});

function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: '0',
    CANOPY_EMULATOR_PORT: '0',
    CANOPY_DATA_DIR: dataDir,
    ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
    ...extra,
  };
}

interface Run {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

function launch(command: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(command, args, { cwd: deployDir, env: environment(env), stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** Waits (bounded) for a line matching `pattern` on stdout; fails with the output so far. */
async function waitForLine(run: Run, pattern: RegExp, limitMs = SLOW - 30_000): Promise<string> {
  const deadline = Date.now() + limitMs;
  let ended = false;
  void run.exited.then(() => (ended = true));
  for (;;) {
    const match = pattern.exec(run.output().stdout);
    if (match) return match[1] ?? match[0];
    if (ended || Date.now() > deadline) {
      throw new Error(`no ${pattern} in:\n${run.output().stdout}\n${run.output().stderr}`);
    }
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

describe('the compiled server, started with `pnpm start`', () => {
  it(
    'serves on stand-ins chosen explicitly, keeps the emulator private, and stops on SIGTERM',
    { timeout: SLOW },
    async () => {
      const run = launch('pnpm', ['run', '--silent', 'start'], {
        ...productionSecrets(),
        CANOPY_ANALYTICS: 'emulator',
        CANOPY_MAIL: 'outbox',
        CANOPY_JWT_SECRT: 'a typo of CANOPY_JWT_SECRET',
      });
      try {
        const url = await waitForLine(run, /start-up: listening on (http:\/\/[^\s"]+)/);
        const { stdout } = run.output();
        // One line per phase, in order, each with its time.
        const phases = ['configuration read', 'database', 'migrations', 'analytics', 'listening'];
        const positions = phases.map((phase) => stdout.indexOf(`start-up: ${phase}`));
        expect(positions.every((at) => at >= 0)).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        expect(stdout).toMatch(/start-up: migrations [^"]*\(\d+ ms\)/);
        expect(stdout).toContain(
          'CANOPY_JWT_SECRT is not a Canopy setting and is ignored; did you mean CANOPY_JWT_SECRET?',
        );

        expect((await fetch(`${url}/api/health`)).status).toBe(200);
        const ready = await fetch(`${url}/api/ready`);
        expect(await ready.json()).toEqual({ status: 'ready' });
        // Production keeps build details to itself unless CANOPY_PUBLIC_API_INFO=on; the log has them.
        const version = (await (await fetch(`${url}/api/version`)).json()) as {
          version: string;
          node: string | null;
        };
        expect(version).toEqual({ version: manifest.version, commit: null, node: null });
        await waitForLine(
          run,
          new RegExp(`Canopy API ${manifest.version.replaceAll('.', '\\.')} `),
        );
        expect((await fetch(`${url}/api/docs/json`)).status).toBe(404);

        // The hosted emulator: its own service principal (0600), the published one refused, and
        // no unauthenticated admin API.
        const emulator = /in-process emulator on (http:\/\/[^\s"]+)/.exec(stdout)?.[1] ?? '';
        const credentials = join(dataDir, 'emulator', 'credentials.json');
        expect(statSync(credentials).mode & 0o777).toBe(0o600);
        const own = JSON.parse(readFileSync(credentials, 'utf8')) as { clientSecret: string };
        expect(own.clientSecret).not.toBe(defaultClient.clientSecret);
        const published = await fetch(`${emulator}/${defaultTenantId}/oauth2/v2.0/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: defaultClient.clientId,
            client_secret: defaultClient.clientSecret,
            scope: 'https://analysis.windows.net/powerbi/api/.default',
          }).toString(),
        });
        expect(published.status).toBeGreaterThanOrEqual(400);
        expect((await fetch(`${emulator}/_emulator/admin/knobs`)).status).toBe(404);

        // SIGTERM to pnpm, the documented command: the server itself stops, gracefully (exit 0).
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        await expect(fetch(`${url}/api/health`)).rejects.toThrow();
      } finally {
        run.child.kill('SIGKILL');
      }
    },
  );
});

describe('reasons not to start, one line each', () => {
  const expectOneLine = (stderr: string) => {
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/^\s+at /m);
  };

  it(
    'production without an analytics service or mail server names the variables',
    { timeout: SLOW },
    async () => {
      const run = launch('node', ['dist/server.js'], productionSecrets());
      expect(await run.exited).toBe(1);
      const { stderr } = run.output();
      expect(stderr).toMatch(
        /No analytics service configured: .*CANOPY_ANALYTICS_\*.*CANOPY_ANALYTICS=emulator/,
      );
      expect(stderr).toMatch(/No mail server configured: .*SMTP_URL.*CANOPY_MAIL=outbox/);
      expect(stderr).not.toMatch(/^\s+at /m);
    },
  );

  it('an unreachable PostgreSQL', { timeout: SLOW }, async () => {
    const port = await closedPort();
    const run = launch('node', ['dist/server.js'], {
      DATABASE_URL: `postgres://canopy:secret-password@127.0.0.1:${port}/canopy`,
    });
    expect(await run.exited).toBe(1);
    const { stderr } = run.output();
    expectOneLine(stderr);
    expect(stderr).toContain(
      `Cannot reach PostgreSQL at postgres://canopy@127.0.0.1:${port}/canopy (DATABASE_URL): connection refused`,
    );
    expect(stderr).not.toContain('secret-password');
    expect(stderr).not.toContain('Migration');
  });

  it("the emulator's port in use names CANOPY_EMULATOR_PORT", { timeout: SLOW }, async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    try {
      const { port } = taken.address() as AddressInfo;
      const run = launch('node', ['dist/server.js'], { CANOPY_EMULATOR_PORT: String(port) });
      expect(await run.exited).toBe(1);
      const { stderr } = run.output();
      expectOneLine(stderr);
      expect(stderr).toContain(`Port ${port} is already in use`);
      expect(stderr).toContain('CANOPY_EMULATOR_PORT');
    } finally {
      await new Promise((done) => taken.close(done));
    }
  });
});
