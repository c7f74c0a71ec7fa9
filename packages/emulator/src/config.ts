import { randomBytes } from 'node:crypto';
import type { Knobs } from './knobs/knobs.ts';

/** A confidential client (service principal) allowed to use the OAuth token endpoint. */
export interface EmulatorClient {
  clientId: string;
  clientSecret: string;
  displayName?: string;
}

export interface EmulatorOptions {
  /**
   * Public origin + mount path every returned URL starts with (embedUrl, webUrl, @odata.context,
   * create and Q&A embed URLs, refresh Location). Default: `http://localhost:<port>` (startEmulator:
   * the URL it listens on). Never taken from request headers.
   */
  publicUrl?: string;
  /** @deprecated The former name of `publicUrl`. */
  baseUrl?: string;
  /** Rows of the generated Sales table (default 100,000). */
  rows?: number;
  /** Seed of the deterministic generator (default 42): same seed, same data. */
  seed?: number;
  /** The data's fixed "today" (YYYY-MM-DD, default 2025-06-30): relative date filters count from it. */
  today?: string;
  /** The fixed "now" time of day on `today` for relative time filters (HH:MM, default 18:00). */
  nowTime?: string;
  /** The Entra tenant id the token endpoint answers for. */
  tenantId?: string;
  /** Service principals accepted by the token endpoint (default: one well-known sample client). */
  clients?: EmulatorClient[];
  /** HMAC secret signing app and embed tokens (default: random per instance). */
  tokenSecret?: string;
  /** Lifetime of app tokens from the OAuth endpoint (default 3599 s, like Entra). */
  appTokenLifetimeSeconds?: number;
  /** Default lifetime of embed tokens (default 60 min); lifetimeInMinutes can only shorten it. */
  embedTokenLifetimeMinutes?: number;
  /** Fault injection at start (also settable through POST /_emulator/admin/knobs). */
  knobs?: Partial<Knobs>;
  /** Expose /_emulator/admin/* (default true: the emulator is a local test tool). */
  adminApi?: boolean;
  /** New workspaces get a copy of the sample dataset, reports and dashboard (default true). */
  populateNewWorkspaces?: boolean;
  /**
   * The service supports at most 1,000 workspaces per principal (a service principal or each of its
   * profiles). Creating a workspace past this many answers with an `X-Emulator-Warning` header and
   * logs a warning (default 1000; 0 turns the warning off).
   */
  workspacesPerPrincipalWarning?: number;
  /** Profiles one service principal may create (default 100,000, the service's limit). */
  profilesPerPrincipal?: number;
  /** How long an on-demand dataset refresh stays "Unknown" (running) before it completes (ms). */
  refreshDurationMs?: number;
  /**
   * Length of each phase of an Export To File job (ms, default 300): NotStarted for one phase,
   * Running for two, then Succeeded or Failed. 0 makes the first poll final.
   */
  exportPhaseMs?: number;
  /** Milliseconds clock (tests inject one to reach token expiry without waiting). */
  now?: () => number;
  /** Queries over this time are stopped with DatasetExecuteQueriesError (default 10,000 ms). */
  queryTimeoutMs?: number;
  /** Queries each user may run per minute before 429 + Retry-After (default 120, as the service). */
  queriesPerMinute?: number;
  /**
   * Memory the analytical engine may use, in MB: the generated data (about 125 MB per million rows)
   * plus what queries may use. Default: 384 + 160 per started million rows (544 MB up to 1,000,000).
   */
  engineMemoryMb?: number;
  /** Threads the analytical engine may use (default 2). */
  engineThreads?: number;
}

export interface ResolvedConfig {
  /** See EmulatorOptions.publicUrl; startEmulator fills it in with its own URL when unset. */
  publicUrl: string | undefined;
  rows: number;
  seed: number;
  today: string;
  nowTime: string;
  tenantId: string;
  clients: EmulatorClient[];
  tokenSecret: string;
  issuer: string;
  appTokenLifetimeSeconds: number;
  embedTokenLifetimeMinutes: number;
  knobs: Partial<Knobs>;
  adminApi: boolean;
  populateNewWorkspaces: boolean;
  workspacesPerPrincipalWarning: number;
  profilesPerPrincipal: number;
  refreshDurationMs: number;
  exportPhaseMs: number;
  now: () => number;
  queryTimeoutMs: number;
  queriesPerMinute: number;
  engineMemoryMb: number;
  engineThreads: number;
}

/** Well-known defaults so docs and host apps can be configured without reading the console. */
export const defaultTenantId = '7e0c1a52-0000-4000-8000-0000000000aa';
export const defaultClient: EmulatorClient = {
  clientId: '5c1e7b1e-0000-4000-8000-0000000000c1',
  clientSecret: 'canopy-emulator-secret',
  displayName: 'Canopy sample app',
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function integerIn(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}; got ${value}`);
  }
  return value;
}

function publicUrlOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`publicUrl must be an absolute http(s) URL; got ${value}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(
      `publicUrl must be an http(s) URL without query or fragment; got ${value}`,
    );
  }
  return value.replace(/\/+$/, '');
}

export function resolveConfig(options: EmulatorOptions = {}): ResolvedConfig {
  const today = options.today ?? '2025-06-30';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) {
    throw new ConfigError(`today must be a YYYY-MM-DD date; got ${today}`);
  }
  const nowTime = options.nowTime ?? '18:00';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(nowTime)) {
    throw new ConfigError(`nowTime must be HH:MM; got ${nowTime}`);
  }
  const clients = options.clients ?? [defaultClient];
  if (clients.length === 0) throw new ConfigError('clients must list at least one client');
  return {
    publicUrl: publicUrlOf(options.publicUrl ?? options.baseUrl),
    rows: integerIn('rows', options.rows ?? 100_000, 1, 20_000_000),
    seed: integerIn('seed', options.seed ?? 42, 0, 2 ** 31 - 1),
    today,
    nowTime,
    tenantId: options.tenantId ?? defaultTenantId,
    clients,
    tokenSecret: options.tokenSecret ?? randomBytes(32).toString('base64url'),
    issuer: 'https://canopy-emulator.local/',
    appTokenLifetimeSeconds: integerIn(
      'appTokenLifetimeSeconds',
      options.appTokenLifetimeSeconds ?? 3599,
      1,
      86_400,
    ),
    embedTokenLifetimeMinutes: integerIn(
      'embedTokenLifetimeMinutes',
      options.embedTokenLifetimeMinutes ?? 60,
      1,
      1440,
    ),
    knobs: options.knobs ?? {},
    adminApi: options.adminApi ?? true,
    populateNewWorkspaces: options.populateNewWorkspaces ?? true,
    workspacesPerPrincipalWarning: integerIn(
      'workspacesPerPrincipalWarning',
      options.workspacesPerPrincipalWarning ?? 1000,
      0,
      10_000_000,
    ),
    profilesPerPrincipal: integerIn(
      'profilesPerPrincipal',
      options.profilesPerPrincipal ?? 100_000,
      1,
      10_000_000,
    ),
    refreshDurationMs: integerIn(
      'refreshDurationMs',
      options.refreshDurationMs ?? 2000,
      0,
      3_600_000,
    ),
    exportPhaseMs: integerIn('exportPhaseMs', options.exportPhaseMs ?? 300, 0, 600_000),
    now: options.now ?? Date.now,
    queryTimeoutMs: integerIn('queryTimeoutMs', options.queryTimeoutMs ?? 10_000, 100, 600_000),
    queriesPerMinute: integerIn('queriesPerMinute', options.queriesPerMinute ?? 120, 1, 1_000_000),
    engineMemoryMb: integerIn(
      'engineMemoryMb',
      options.engineMemoryMb ?? 384 + 160 * Math.ceil((options.rows ?? 100_000) / 1_000_000),
      64,
      1_048_576,
    ),
    engineThreads: integerIn('engineThreads', options.engineThreads ?? 2, 1, 256),
  };
}

const number = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : Number(value);

/** An on/off variable: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off`; unset or empty: undefined. */
export function onOff(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be on or off (1/0, true/false); got "${value}"`);
}

/** Options from CANOPY_EMULATOR_* environment variables (used by the CLI and by hosts that want it). */
export function optionsFromEnv(env: NodeJS.ProcessEnv): EmulatorOptions {
  const options: EmulatorOptions = {};
  const knobs: Partial<Knobs> = {};
  const set = <K extends keyof EmulatorOptions>(key: K, value: EmulatorOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set('publicUrl', env.CANOPY_EMULATOR_PUBLIC_URL ?? env.CANOPY_EMULATOR_BASE_URL);
  set('rows', number(env.CANOPY_EMULATOR_ROWS));
  set('seed', number(env.CANOPY_EMULATOR_SEED));
  set('today', env.CANOPY_EMULATOR_TODAY);
  set('tenantId', env.CANOPY_EMULATOR_TENANT_ID);
  set('tokenSecret', env.CANOPY_EMULATOR_TOKEN_SECRET);
  set('exportPhaseMs', number(env.CANOPY_EMULATOR_EXPORT_PHASE_MS));
  set('workspacesPerPrincipalWarning', number(env.CANOPY_EMULATOR_WORKSPACE_WARNING));
  const empty = onOff('CANOPY_EMULATOR_EMPTY', env.CANOPY_EMULATOR_EMPTY);
  if (empty !== undefined) options.populateNewWorkspaces = !empty;
  set('adminApi', onOff('CANOPY_EMULATOR_ADMIN_API', env.CANOPY_EMULATOR_ADMIN_API));
  if (env.CANOPY_EMULATOR_CLIENT_ID || env.CANOPY_EMULATOR_CLIENT_SECRET) {
    options.clients = [
      {
        clientId: env.CANOPY_EMULATOR_CLIENT_ID ?? defaultClient.clientId,
        clientSecret: env.CANOPY_EMULATOR_CLIENT_SECRET ?? defaultClient.clientSecret,
      },
    ];
  }
  const latency = number(env.CANOPY_EMULATOR_LATENCY_MS);
  if (latency !== undefined) knobs.latencyMs = latency;
  const failureRate = number(env.CANOPY_EMULATOR_FAILURE_RATE);
  if (failureRate !== undefined) knobs.failureRate = failureRate;
  const failStatus = number(env.CANOPY_EMULATOR_FAIL_STATUS);
  if (failStatus !== undefined) knobs.failStatus = failStatus;
  const everyN = number(env.CANOPY_EMULATOR_THROTTLE_EVERY_N);
  if (everyN !== undefined) {
    knobs.throttle = {
      everyN,
      retryAfterSeconds: number(env.CANOPY_EMULATOR_RETRY_AFTER_SECONDS) ?? 1,
    };
  }
  if (Object.keys(knobs).length > 0) options.knobs = knobs;
  return options;
}
