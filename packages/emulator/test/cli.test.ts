import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli/parse-cli-args.ts';
import { ConfigError } from '../src/config.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs the command as a user would (through tsx, as `pnpm start` does), collecting its output. */
function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    // tsx resolves from the package, as `pnpm --filter @canopy/emulator start` runs it.
    cwd: packageDir,
    env: { ...process.env, PORT: '', HOST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The exit code, or the signal that ended the process (a signal nobody handled).
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  const printed = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = stdout.match(pattern);
        if (match) resolve(match);
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`exited before printing ${pattern}: ${stderr}`)));
    });
  return { child, exited, printed, output: () => ({ stdout, stderr }) };
}

describe('canopy-emulator (the command)', () => {
  it('starts on the given port and host, serves the landing page and stops cleanly on SIGTERM', async () => {
    const run = runCli(['--port', '0', '--host', '127.0.0.1', '--rows', '1000']);
    const [, url] = await run.printed(/emulator on (http:\/\/127\.0\.0\.1:\d+)/);
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${url}/v1.0/myorg`);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expect(fetch(`${url}/`)).rejects.toThrow();
  });

  it('stops with exit code 0 on SIGINT (Ctrl+C)', async () => {
    const run = runCli(['--rows', '1000'], { CANOPY_EMULATOR_PORT: '0' });
    await run.printed(/emulator on http:\/\/localhost:\d+/);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('prints its help and exits 0', async () => {
    const run = runCli(['--help']);
    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toMatch(/--port[\s\S]*--host[\s\S]*--data-dir[\s\S]*--help/);
  });

  it('refuses an unknown flag with a message and exit code 1', async () => {
    const run = runCli(['--prot', '5300']);
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain("Unknown option '--prot'");
  });
});

describe('parseCliArgs', () => {
  it('defaults to localhost:5300 in memory', () => {
    expect(parseCliArgs([], {})).toEqual({
      kind: 'start',
      options: { port: 5300, host: 'localhost', logger: false },
    });
  });

  it('reads the variables, and flags win over them', () => {
    const env = {
      PORT: '7000',
      CANOPY_EMULATOR_PORT: '7100',
      CANOPY_EMULATOR_HOST: '0.0.0.0',
      CANOPY_EMULATOR_DATA_DIR: '/var/emulator',
      CANOPY_EMULATOR_ROWS: '5000',
    };
    expect(parseCliArgs([], env)).toMatchObject({
      options: { port: 7100, host: '0.0.0.0', dataDir: '/var/emulator', rows: 5000 },
    });
    expect(
      parseCliArgs(['-p', '7200', '--host', '::1', '--data-dir', 'here', '--rows', '10'], env),
    ).toMatchObject({ options: { port: 7200, host: '::1', dataDir: 'here', rows: 10 } });
    expect(parseCliArgs([], { PORT: '7000' })).toMatchObject({ options: { port: 7000 } });
  });

  it('names the flag of a bad value', () => {
    expect(() => parseCliArgs(['--port', 'http'], {})).toThrow(ConfigError);
    expect(() => parseCliArgs(['--port', '70000'], {})).toThrow(/--port must be an integer/);
    expect(() => parseCliArgs([], { PORT: '-1' })).toThrow(/PORT must be an integer/);
    expect(() => parseCliArgs(['extra'], {})).toThrow(ConfigError);
  });
});
