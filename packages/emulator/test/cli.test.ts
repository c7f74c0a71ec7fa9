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

  it('with --empty, gives new workspaces no sample content', async () => {
    const run = runCli(['--port', '0', '--host', '127.0.0.1', '--rows', '1000', '--empty']);
    const [, url] = await run.printed(/emulator on (http:\/\/127\.0\.0\.1:\d+)/);
    const info = (await (await fetch(`${url}/_emulator/info`)).json()) as {
      oauth: { tokenUrl: string; clients: { clientId: string; clientSecret: string }[] };
    };
    const [client] = info.oauth.clients;
    const token = (await (
      await fetch(info.oauth.tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client!.clientId,
          client_secret: client!.clientSecret,
          scope: 'https://analysis.windows.net/powerbi/api/.default',
        }),
      })
    ).json()) as { access_token: string };
    const headers = {
      authorization: `Bearer ${token.access_token}`,
      'content-type': 'application/json',
    };
    const created = (await (
      await fetch(`${url}/v1.0/myorg/groups`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Tenant - 2026' }),
      })
    ).json()) as { id: string };
    for (const kind of ['reports', 'datasets', 'dashboards']) {
      const list = await fetch(`${url}/v1.0/myorg/groups/${created.id}/${kind}`, { headers });
      expect(((await list.json()) as { value: unknown[] }).value).toEqual([]);
    }
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
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
    expect(run.output().stdout).toMatch(
      /--port[\s\S]*--host[\s\S]*--empty[\s\S]*--admin-api[\s\S]*--data-dir[\s\S]*--help/,
    );
  });

  it('refuses an unknown flag with a message and exit code 1', async () => {
    const run = runCli(['--prot', '5300']);
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain("Unknown option '--prot'");
  });
});

/** The start options of a command line that starts the emulator. */
function optionsOf(argv: string[], env: NodeJS.ProcessEnv) {
  const command = parseCliArgs(argv, env);
  if (command.kind !== 'start') throw new Error(`not a start command: ${argv.join(' ')}`);
  return command.options;
}

describe('parseCliArgs', () => {
  it('defaults to localhost:5300 in memory, with the admin API of a local tool', () => {
    expect(parseCliArgs([], {})).toEqual({
      kind: 'start',
      options: { port: 5300, host: 'localhost', logger: false, adminApi: true },
    });
  });

  it('keeps the admin API (and so the client secret) off when bound beyond this machine', () => {
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]']) {
      expect(optionsOf(['--host', host], {})).toMatchObject({ adminApi: true });
    }
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'emulator.internal']) {
      expect(optionsOf(['--host', host], {})).toMatchObject({ adminApi: false });
    }
    expect(optionsOf(['--host', '0.0.0.0', '--admin-api', 'on'], {})).toMatchObject({
      adminApi: true,
    });
    const env = { CANOPY_EMULATOR_ADMIN_API: '1', CANOPY_EMULATOR_HOST: '0.0.0.0' };
    expect(optionsOf([], env)).toMatchObject({ adminApi: true });
    expect(optionsOf(['--admin-api', 'off'], env)).toMatchObject({ adminApi: false });
    expect(() => parseCliArgs(['--admin-api', 'maybe'], {})).toThrow(
      /--admin-api must be on or off/,
    );
  });

  it('starts new workspaces empty with --empty or CANOPY_EMULATOR_EMPTY', () => {
    expect(optionsOf([], {})).not.toHaveProperty('populateNewWorkspaces');
    expect(optionsOf(['--empty'], {})).toMatchObject({ populateNewWorkspaces: false });
    expect(optionsOf([], { CANOPY_EMULATOR_EMPTY: '1' })).toMatchObject({
      populateNewWorkspaces: false,
    });
    expect(optionsOf([], { CANOPY_EMULATOR_EMPTY: 'false' })).toMatchObject({
      populateNewWorkspaces: true,
    });
    expect(() => parseCliArgs([], { CANOPY_EMULATOR_EMPTY: 'y' })).toThrow(
      /CANOPY_EMULATOR_EMPTY must be on or off/,
    );
  });

  it('takes the workspaces-per-principal warning from a flag or a variable', () => {
    expect(optionsOf(['--workspace-warning', '50'], {})).toMatchObject({
      workspacesPerPrincipalWarning: 50,
    });
    expect(optionsOf([], { CANOPY_EMULATOR_WORKSPACE_WARNING: '0' })).toMatchObject({
      workspacesPerPrincipalWarning: 0,
    });
    expect(() => parseCliArgs(['--workspace-warning', 'many'], {})).toThrow(
      /--workspace-warning must be an integer/,
    );
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
