import { parseArgs } from 'node:util';
import { ConfigError, onOff, optionsFromEnv } from '../config.ts';
import type { StartEmulatorOptions } from '../start-emulator.ts';

export const helpText = `canopy-emulator: a local stand-in for the analytics cloud service

Usage: canopy-emulator [options]        (or: npx @canopy/emulator [options])

Options (each overrides its environment variable):
  -p, --port <n>         port to listen on (PORT, CANOPY_EMULATOR_PORT; default 5300; 0 = any free port)
      --host <name>      address to bind (HOST, CANOPY_EMULATOR_HOST; default localhost, this
                         machine only; 0.0.0.0 to accept other machines)
      --empty            new workspaces start empty: no sample reports, dataset or dashboard
                         (CANOPY_EMULATOR_EMPTY=1; default: a copy of the sample content)
      --admin-api <on|off>
                         the admin API (/_emulator/admin: knobs) and the client secret on the
                         landing page for every client (CANOPY_EMULATOR_ADMIN_API; default on
                         when bound to this machine only, off otherwise)
      --workspace-warning <n>
                         warn (X-Emulator-Warning header, log) when a principal has more than n
                         workspaces (CANOPY_EMULATOR_WORKSPACE_WARNING; default 1000; 0 = never)
      --data-dir <dir>   keep workspaces, datasets, reports and dashboards in this folder across
                         restarts (CANOPY_EMULATOR_DATA_DIR; default: memory only)
      --rows <n>         rows of generated sales data (CANOPY_EMULATOR_ROWS; default 100000)
      --seed <n>         seed of the data generator (CANOPY_EMULATOR_SEED; default 42)
      --public-url <url> URL every returned URL starts with, e.g. behind a proxy
                         (CANOPY_EMULATOR_PUBLIC_URL; default http://<host>:<port>)
      --log              log every request (CANOPY_EMULATOR_LOG=1)
  -h, --help             show this text

More variables (CANOPY_EMULATOR_TODAY, _TENANT_ID, _CLIENT_ID, _CLIENT_SECRET, _TOKEN_SECRET,
_LATENCY_MS, _FAILURE_RATE, _FAIL_STATUS, _THROTTLE_EVERY_N, _RETRY_AFTER_SECONDS) are described in
the emulator guide: https://github.com/canopy-analytics/canopy/blob/main/docs/emulator.md

Open the printed URL in a browser for the token endpoint, the client, the REST base and the sample
embed URLs. Ctrl+C (SIGINT) or SIGTERM stops it.
`;

/** Whether binding to `host` keeps the emulator to this machine (a loopback name or address). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

export type CliCommand = { kind: 'help' } | { kind: 'start'; options: StartEmulatorOptions };

const empty = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : value;

function integer(name: string, value: string | undefined, min: number, max: number) {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}; got "${value}"`);
  }
  return number;
}

/**
 * The command line and environment → what to do. Flags win over variables, so a script can pin a
 * value that a CI job's environment also sets. Bad input is a ConfigError naming the flag.
 */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        rows: { type: 'string' },
        seed: { type: 'string' },
        'public-url': { type: 'string' },
        log: { type: 'boolean' },
        empty: { type: 'boolean' },
        'admin-api': { type: 'string' },
        'workspace-warning': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ConfigError(
      `${(error as Error).message}. Run canopy-emulator --help for the options.`,
    );
  }
  if (values.help) return { kind: 'help' };

  const options: StartEmulatorOptions = optionsFromEnv(env);
  options.port =
    integer(
      values.port !== undefined ? '--port' : 'PORT',
      values.port ?? empty(env.CANOPY_EMULATOR_PORT) ?? empty(env.PORT),
      0,
      65_535,
    ) ?? 5300;
  options.host = values.host ?? empty(env.CANOPY_EMULATOR_HOST) ?? empty(env.HOST) ?? 'localhost';
  const dataDir = values['data-dir'] ?? empty(env.CANOPY_EMULATOR_DATA_DIR);
  if (dataDir !== undefined) options.dataDir = dataDir;
  const rows = integer('--rows', values.rows, 1, 20_000_000);
  if (rows !== undefined) options.rows = rows;
  const seed = integer('--seed', values.seed, 0, 2 ** 31 - 1);
  if (seed !== undefined) options.seed = seed;
  if (values['public-url'] !== undefined) options.publicUrl = values['public-url'];
  if (values.empty) options.populateNewWorkspaces = false;
  const warning = integer('--workspace-warning', values['workspace-warning'], 0, 10_000_000);
  if (warning !== undefined) options.workspacesPerPrincipalWarning = warning;
  // Reachable from other machines, the emulator keeps its admin API (and so its client secret)
  // to itself unless asked; on this machine alone it is the local test tool it is meant to be.
  const adminApi = onOff('--admin-api', values['admin-api']);
  options.adminApi = adminApi ?? options.adminApi ?? isLoopbackHost(options.host);
  options.logger = values.log ?? env.CANOPY_EMULATOR_LOG === '1';
  return { kind: 'start', options };
}
