import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { PACKAGE_ROOT } from './package-root.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';
import { unknownVariableWarnings } from './unknown-variables.ts';

/** `server/.data`: the zero-set-up home of PGlite, the JWT secret, uploads and the mail outbox. */
export const DEFAULT_DATA_DIR = join(PACKAGE_ROOT, '.data');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const duration = (fallbackSeconds: number) =>
  z.coerce.number().int().positive().default(fallbackSeconds);

/**
 * Every environment variable the server reads, validated at start. The table in server/README.md
 * documents the same list; keep them in step.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5310),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CANOPY_LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  // PostgreSQL only (PGlite is one in-process connection): bounds that keep one slow screen from
  // holding every connection, and a request from waiting for ever behind them.
  CANOPY_DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  CANOPY_DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  CANOPY_DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  CANOPY_DATA_DIR: optionalString,
  CANOPY_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  CANOPY_ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  CANOPY_ADMIN_PASSWORD: optionalString,
  CANOPY_SUPPORT_EMAIL: optionalString.pipe(z.email().optional()),
  CANOPY_JWT_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  CANOPY_ACCESS_TOKEN_TTL: duration(15 * 60),
  // Unset: on in production, off elsewhere (see loadConfig).
  CANOPY_REQUIRE_MFA_SUPERADMINS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  CANOPY_REFRESH_TOKEN_TTL: duration(7 * 24 * 60 * 60),
  CANOPY_CORS_ORIGINS: optionalString,
  CANOPY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1000),
  // Parsed by trust-proxy.ts: a hop count, proxy addresses and ranges, or false.
  CANOPY_TRUST_PROXY: optionalString,
  CANOPY_PUBLIC_API_INFO: z.enum(['on', 'off']).optional(),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  CANOPY_MAIL: z.enum(['smtp', 'outbox']).optional(),
  CANOPY_MAIL_FROM: z.string().default('Canopy <no-reply@canopy.local>'),
  CANOPY_STORAGE: z.enum(['local', 's3']).default('local'),
  CANOPY_S3_ENDPOINT: optionalString,
  CANOPY_S3_BUCKET: optionalString,
  CANOPY_S3_REGION: z.string().default('us-east-1'),
  CANOPY_S3_ACCESS_KEY_ID: optionalString,
  CANOPY_S3_SECRET_ACCESS_KEY: optionalString,
  CANOPY_OIDC_ISSUER: optionalString.pipe(z.url().optional()),
  CANOPY_OIDC_CLIENT_ID: optionalString,
  CANOPY_OIDC_CLIENT_SECRET: optionalString,
  CANOPY_SPA_DIR: optionalString,
  CANOPY_ANALYTICS: z.enum(['cloud', 'emulator']).optional(),
  CANOPY_ANALYTICS_API_URL: optionalString.pipe(z.url().optional()),
  CANOPY_ANALYTICS_AUTHORITY_URL: optionalString.pipe(z.url().optional()),
  CANOPY_ANALYTICS_CLIENT_ID: optionalString,
  CANOPY_ANALYTICS_CLIENT_SECRET: optionalString,
  CANOPY_ANALYTICS_TENANT_ID: optionalString,
  CANOPY_ANALYTICS_TEMPLATE_GROUP_ID: optionalString,
  CANOPY_ANALYTICS_TEMPLATE_REPORT_IDS: optionalString,
  CANOPY_ANALYTICS_RLS_ROLE: z.string().default('Tenant'),
  CANOPY_ANALYTICS_DELETE_WORKSPACES: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  CANOPY_ANALYTICS_PROFILES: z.enum(['on', 'off']).default('on'),
  CANOPY_EMBED_TOKEN_MINUTES: z.coerce.number().int().min(5).max(600).default(60),
  CANOPY_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(5300),
  CANOPY_EMULATOR_URL: optionalString.pipe(z.url().optional()),
  CANOPY_EMULATOR_CLIENT_ID: optionalString,
  CANOPY_EMULATOR_CLIENT_SECRET: optionalString,
  CANOPY_EMULATOR_TENANT_ID: optionalString,
  CANOPY_EMULATOR_HOST: z.string().default('127.0.0.1'),
  CANOPY_EMULATOR_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  CANOPY_EMULATOR_ADMIN_API: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  CANOPY_DEV_SEED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  CANOPY_ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/_-]{43}=?$|^[0-9a-fA-F]{64}$/, 'must be 32 bytes, base64 or hex')
      .optional(),
  ),
  CANOPY_XERO_CLIENT_ID: optionalString,
  CANOPY_XERO_CLIENT_SECRET: optionalString,
  CANOPY_XERO_AUTHORIZE_URL: z.url().default('https://login.xero.com/identity/connect/authorize'),
  CANOPY_XERO_TOKEN_URL: z.url().default('https://identity.xero.com/connect/token'),
  CANOPY_XERO_REVOKE_URL: z.url().default('https://identity.xero.com/connect/revocation'),
  CANOPY_XERO_API_URL: z.url().default('https://api.xero.com'),
  CANOPY_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10080).default(360),
  CANOPY_SUBSCRIPTIONS_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // How soon another instance takes over an occurrence whose instance died (renewed while alive).
  CANOPY_SUBSCRIPTIONS_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(120),
  CANOPY_SUBSCRIPTIONS_EXPORT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(300),
  CANOPY_SUBSCRIPTIONS_MAX_PER_PERSON: z.coerce.number().int().min(1).max(10_000).default(25),
  CANOPY_SUBSCRIPTIONS_MAX_PER_TENANT: z.coerce.number().int().min(1).max(1_000_000).default(500),
  CANOPY_INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  CANOPY_BULK_INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
});
export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  /** `json` (one pino line per event) in production; `pretty` for people reading `pnpm dev`. */
  logFormat: Env['CANOPY_LOG_FORMAT'];
  databaseUrl?: string;
  /**
   * PostgreSQL's pool: its size, how long a request waits for a connection (to open one, or for
   * one to come free) before `503 DATABASE_BUSY`, and how long one statement may run before it is
   * cancelled (`503 DATABASE_STATEMENT_TIMEOUT`; 0: no limit). Migrations run without the limit.
   */
  databasePool: { size: number; connectTimeoutMs: number; statementTimeoutMs: number };
  dataDir: string;
  /** "Contact Administrator" on the sign-in page writes here; null: the page says whom to ask. */
  supportEmail: string | null;
  publicUrl: string;
  admin?: { email: string; password: string };
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Super administrators must use two-step verification (on by default in production). */
  requireMfaForSuperAdmins: boolean;
  corsOrigins: string[];
  /** Requests per minute per client address across the API (0: no global limit). */
  rateLimitPerMinute: number;
  /** Which hops' X-Forwarded-For entries to believe (Fastify's trustProxy); see trust-proxy.ts. */
  trustProxy: TrustProxy;
  /**
   * Serve the OpenAPI document (/api/docs) and the build details (commit, Node.js) of
   * /api/version to anyone: on by default except in production, where they help an attacker map
   * the service and match it to known flaws (CANOPY_PUBLIC_API_INFO=on opts in).
   */
  publicApiInfo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
  oidc?: { issuer: string; clientId: string; clientSecret?: string };
  /** Where the built SPA lives; served with history fallback when present. */
  spaDir?: string;
  /** The analytics cloud; undefined: the server starts the local emulator (server.ts). */
  analytics?: AnalyticsConfig;
  /** Settings that hold for the cloud and the emulator alike. */
  embed: {
    tokenMinutes: number;
    /** Deleting a tenant deletes its workspace too. */
    deleteWorkspaces: boolean;
    /**
     * New tenants get a service principal profile of their own, which owns their workspace
     * (CANOPY_ANALYTICS_PROFILES, on by default; see modules/analytics/analytics-gateway.ts).
     */
    profiles: boolean;
    /** The RLS role embed tokens name with the tenant as effective identity. */
    rlsRole: string;
    emulatorPort: number;
    /** Where the hosted emulator binds (another machine's browser needs a non-loopback one). */
    emulatorHost: string;
    /** The address browsers load embed pages from, when it is not the bound one. */
    emulatorPublicUrl?: string;
    /** The emulator's unauthenticated fault-injection API; off unless asked for. */
    emulatorAdminApi: boolean;
    /**
     * An emulator already running elsewhere (the standalone one), shared by several instances,
     * instead of one hosted in-process; its credentials are the CANOPY_EMULATOR_* it was given.
     */
    sharedEmulator?: { url: string; tenantId?: string; clientId?: string; clientSecret?: string };
  };
  /** AES-256-GCM key for integration tokens at rest (32 bytes). */
  encryptionKey: Buffer;
  /** Xero (and Xero Practice Manager); undefined: the local provider of the emulator. */
  xero?: XeroConfig;
  /** Minutes between scheduled integration syncs (0: no schedule). */
  syncIntervalMinutes: number;
  /**
   * Report subscriptions: seconds between polls of the job queue (0: this instance sends none),
   * and how many one person may receive and one tenant may have.
   */
  subscriptions: {
    pollSeconds: number;
    exportTimeoutSeconds: number;
    /** A job's and its delivery's lease, renewed every third of it while an instance works. */
    leaseSeconds: number;
    maxPerPerson: number;
    maxPerTenant: number;
  };
  /** Per person who sends them, per hour: invitations and re-sent ones; bulk invitation requests. */
  invitations: { perHour: number; bulkPerHour: number };
  /** `pnpm dev`: a demo tenant with people who can sign in, made on an installation without tenants. */
  devSeed: boolean;
  /** Not errors: `CANOPY_*` variables nobody reads (likely typos), for the start-up log. */
  warnings: string[];
}

/** Where the server reaches Xero's identity service and API, and the app's credentials. */
export interface XeroConfig {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Root of `/connections` and `/api.xro/2.0`. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Where and as whom the server calls the analytics REST API (see modules/analytics). */
export interface AnalyticsConfig {
  apiUrl: string;
  authorityUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /**
   * The workspace holding the template reports each tenant gets a clone of
   * (CANOPY_ANALYTICS_TEMPLATE_GROUP_ID: the variable keeps the name operators already set).
   */
  templatePowerBiGroupId: string;
  templateReportIds: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface LoadConfigOptions {
  /**
   * Refuse the emulator and the mail outbox in production unless chosen explicitly (default true).
   * The one-shot commands (migrate, create-admin) neither embed reports nor send mail.
   */
  refuseStandIns?: boolean;
}

/** Reads and validates the environment. Throws ConfigError naming each bad variable. */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  options: LoadConfigOptions = {},
): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  const dataDir = resolve(env.CANOPY_DATA_DIR ?? DEFAULT_DATA_DIR);

  let jwtSecret = env.CANOPY_JWT_SECRET;
  if (!jwtSecret) {
    if (env.NODE_ENV === 'production') problems.push('CANOPY_JWT_SECRET: required in production');
    else jwtSecret = readOrCreateSecret(join(dataDir, 'jwt-secret'));
  }
  if ((env.CANOPY_ADMIN_EMAIL === undefined) !== (env.CANOPY_ADMIN_PASSWORD === undefined)) {
    problems.push('CANOPY_ADMIN_EMAIL and CANOPY_ADMIN_PASSWORD: set both or neither');
  }
  let storage: Config['storage'] = { kind: 'local' };
  if (env.CANOPY_STORAGE === 's3') {
    const missing = (
      [
        'CANOPY_S3_ENDPOINT',
        'CANOPY_S3_BUCKET',
        'CANOPY_S3_ACCESS_KEY_ID',
        'CANOPY_S3_SECRET_ACCESS_KEY',
      ] as const
    ).filter((name) => !env[name]);
    for (const name of missing) problems.push(`${name}: required when CANOPY_STORAGE=s3`);
    if (missing.length === 0) {
      storage = {
        kind: 's3',
        endpoint: env.CANOPY_S3_ENDPOINT ?? '',
        bucket: env.CANOPY_S3_BUCKET ?? '',
        region: env.CANOPY_S3_REGION,
        accessKeyId: env.CANOPY_S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.CANOPY_S3_SECRET_ACCESS_KEY ?? '',
      };
    }
  }
  if (env.CANOPY_OIDC_ISSUER && !env.CANOPY_OIDC_CLIENT_ID) {
    problems.push('CANOPY_OIDC_CLIENT_ID: required when CANOPY_OIDC_ISSUER is set');
  }
  let encryptionKey: Buffer | undefined;
  if (env.CANOPY_ENCRYPTION_KEY) {
    const text = env.CANOPY_ENCRYPTION_KEY;
    encryptionKey = /^[0-9a-fA-F]{64}$/.test(text)
      ? Buffer.from(text, 'hex')
      : Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  } else if (env.NODE_ENV === 'production') {
    problems.push('CANOPY_ENCRYPTION_KEY: required in production');
  } else {
    encryptionKey = Buffer.from(readOrCreateKey(join(dataDir, 'encryption-key')), 'base64');
  }
  if (env.CANOPY_DEV_SEED && env.NODE_ENV === 'production') {
    problems.push(
      'CANOPY_DEV_SEED: not allowed in production (it creates accounts with a known password)',
    );
  }
  if (env.CANOPY_XERO_CLIENT_ID && !env.CANOPY_XERO_CLIENT_SECRET) {
    problems.push('CANOPY_XERO_CLIENT_SECRET: required when CANOPY_XERO_CLIENT_ID is set');
  }
  const production = env.NODE_ENV === 'production';
  const trustProxy = parseTrustProxy(env.CANOPY_TRUST_PROXY, production);
  if (!trustProxy.ok) problems.push(trustProxy.problem);
  const refuseStandIns = production && options.refuseStandIns !== false;
  // Production never falls back to stand-ins on its own: the emulator's published service principal
  // and a mail outbox nobody reads are fine for a trial, not for customers.
  if (env.CANOPY_ANALYTICS === 'emulator' && env.CANOPY_ANALYTICS_API_URL) {
    problems.push(
      'CANOPY_ANALYTICS=emulator and CANOPY_ANALYTICS_API_URL are both set: choose one',
    );
  } else if (env.CANOPY_ANALYTICS === 'cloud' && !env.CANOPY_ANALYTICS_API_URL) {
    problems.push('CANOPY_ANALYTICS_API_URL: required when CANOPY_ANALYTICS=cloud');
  } else if (refuseStandIns && !env.CANOPY_ANALYTICS && !env.CANOPY_ANALYTICS_API_URL) {
    problems.push(
      'No analytics service configured: production needs CANOPY_ANALYTICS_API_URL and the other CANOPY_ANALYTICS_* variables (docs/portal-operations.md#analytics), or CANOPY_ANALYTICS=emulator to run the built-in emulator on purpose',
    );
  }
  if (env.CANOPY_EMULATOR_URL && production && !env.CANOPY_EMULATOR_CLIENT_SECRET) {
    problems.push(
      'CANOPY_EMULATOR_CLIENT_SECRET: required in production with CANOPY_EMULATOR_URL (the emulator default is published)',
    );
  }
  if (env.CANOPY_MAIL === 'smtp' && !env.SMTP_URL) {
    problems.push('SMTP_URL: required when CANOPY_MAIL=smtp');
  } else if (refuseStandIns && !env.CANOPY_MAIL && !env.SMTP_URL) {
    problems.push(
      'No mail server configured: production needs SMTP_URL (and CANOPY_MAIL_FROM), or CANOPY_MAIL=outbox to write mail to a file on purpose',
    );
  }
  let analytics: AnalyticsConfig | undefined;
  if (env.CANOPY_ANALYTICS_API_URL) {
    const missing = (
      [
        'CANOPY_ANALYTICS_CLIENT_ID',
        'CANOPY_ANALYTICS_CLIENT_SECRET',
        'CANOPY_ANALYTICS_TENANT_ID',
        'CANOPY_ANALYTICS_TEMPLATE_GROUP_ID',
        'CANOPY_ANALYTICS_TEMPLATE_REPORT_IDS',
      ] as const
    ).filter((name) => !env[name]);
    for (const name of missing)
      problems.push(`${name}: required when CANOPY_ANALYTICS_API_URL is set`);
    if (missing.length === 0) {
      analytics = {
        apiUrl: env.CANOPY_ANALYTICS_API_URL.replace(/\/+$/, ''),
        authorityUrl: (
          env.CANOPY_ANALYTICS_AUTHORITY_URL ?? 'https://login.microsoftonline.com'
        ).replace(/\/+$/, ''),
        tenantId: env.CANOPY_ANALYTICS_TENANT_ID ?? '',
        clientId: env.CANOPY_ANALYTICS_CLIENT_ID ?? '',
        clientSecret: env.CANOPY_ANALYTICS_CLIENT_SECRET ?? '',
        templatePowerBiGroupId: env.CANOPY_ANALYTICS_TEMPLATE_GROUP_ID ?? '',
        templateReportIds: (env.CANOPY_ANALYTICS_TEMPLATE_REPORT_IDS ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      };
    }
  }
  const warnings = unknownVariableWarnings(source, Object.keys(EnvSchema.shape));
  if (problems.length > 0 || !jwtSecret || !encryptionKey) {
    // A misspelt name is often why a required one is missing: say both.
    throw new ConfigError(
      `Invalid configuration:\n${[...problems, ...warnings].map((p) => `  ${p}`).join('\n')}`,
    );
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    logFormat: env.CANOPY_LOG_FORMAT,
    databaseUrl: env.DATABASE_URL,
    databasePool: {
      size: env.CANOPY_DB_POOL_SIZE,
      connectTimeoutMs: env.CANOPY_DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.CANOPY_DB_STATEMENT_TIMEOUT_MS,
    },
    dataDir,
    supportEmail: env.CANOPY_SUPPORT_EMAIL ?? null,
    publicUrl: (env.CANOPY_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    admin:
      env.CANOPY_ADMIN_EMAIL && env.CANOPY_ADMIN_PASSWORD
        ? { email: env.CANOPY_ADMIN_EMAIL.toLowerCase(), password: env.CANOPY_ADMIN_PASSWORD }
        : undefined,
    jwtSecret,
    accessTokenTtlSeconds: env.CANOPY_ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.CANOPY_REFRESH_TOKEN_TTL,
    requireMfaForSuperAdmins: env.CANOPY_REQUIRE_MFA_SUPERADMINS ?? production,
    corsOrigins: (env.CANOPY_CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateLimitPerMinute: env.CANOPY_RATE_LIMIT_PER_MINUTE,
    trustProxy: trustProxy.ok ? trustProxy.value : false,
    publicApiInfo: env.CANOPY_PUBLIC_API_INFO
      ? env.CANOPY_PUBLIC_API_INFO === 'on'
      : env.NODE_ENV !== 'production',
    smtpUrl: env.CANOPY_MAIL === 'outbox' ? undefined : env.SMTP_URL,
    mailFrom: env.CANOPY_MAIL_FROM,
    storage,
    oidc:
      env.CANOPY_OIDC_ISSUER && env.CANOPY_OIDC_CLIENT_ID
        ? {
            issuer: env.CANOPY_OIDC_ISSUER,
            clientId: env.CANOPY_OIDC_CLIENT_ID,
            clientSecret: env.CANOPY_OIDC_CLIENT_SECRET,
          }
        : undefined,
    spaDir: env.CANOPY_SPA_DIR,
    analytics,
    embed: {
      tokenMinutes: env.CANOPY_EMBED_TOKEN_MINUTES,
      deleteWorkspaces: env.CANOPY_ANALYTICS_DELETE_WORKSPACES,
      profiles: env.CANOPY_ANALYTICS_PROFILES === 'on',
      rlsRole: env.CANOPY_ANALYTICS_RLS_ROLE,
      emulatorPort: env.CANOPY_EMULATOR_PORT,
      emulatorHost: env.CANOPY_EMULATOR_HOST,
      emulatorPublicUrl: env.CANOPY_EMULATOR_PUBLIC_URL?.replace(/\/+$/, ''),
      emulatorAdminApi: env.CANOPY_EMULATOR_ADMIN_API,
      sharedEmulator: env.CANOPY_EMULATOR_URL
        ? {
            url: env.CANOPY_EMULATOR_URL.replace(/\/+$/, ''),
            tenantId: env.CANOPY_EMULATOR_TENANT_ID,
            clientId: env.CANOPY_EMULATOR_CLIENT_ID,
            clientSecret: env.CANOPY_EMULATOR_CLIENT_SECRET,
          }
        : undefined,
    },
    encryptionKey,
    xero: env.CANOPY_XERO_CLIENT_ID
      ? {
          authorizeUrl: env.CANOPY_XERO_AUTHORIZE_URL,
          tokenUrl: env.CANOPY_XERO_TOKEN_URL,
          revokeUrl: env.CANOPY_XERO_REVOKE_URL,
          apiUrl: env.CANOPY_XERO_API_URL.replace(/\/+$/, ''),
          clientId: env.CANOPY_XERO_CLIENT_ID,
          clientSecret: env.CANOPY_XERO_CLIENT_SECRET ?? '',
        }
      : undefined,
    syncIntervalMinutes: env.CANOPY_SYNC_INTERVAL_MINUTES,
    subscriptions: {
      pollSeconds: env.CANOPY_SUBSCRIPTIONS_POLL_SECONDS,
      exportTimeoutSeconds: env.CANOPY_SUBSCRIPTIONS_EXPORT_TIMEOUT_SECONDS,
      leaseSeconds: env.CANOPY_SUBSCRIPTIONS_LEASE_SECONDS,
      maxPerPerson: env.CANOPY_SUBSCRIPTIONS_MAX_PER_PERSON,
      maxPerTenant: env.CANOPY_SUBSCRIPTIONS_MAX_PER_TENANT,
    },
    invitations: {
      perHour: env.CANOPY_INVITATIONS_PER_HOUR,
      bulkPerHour: env.CANOPY_BULK_INVITATIONS_PER_HOUR,
    },
    devSeed: env.CANOPY_DEV_SEED,
    warnings: trustProxy.ok && trustProxy.warning ? [...warnings, trustProxy.warning] : warnings,
  };
}

/** Development convenience: a random secret kept in the data folder so restarts keep sessions. */
function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Development convenience: a random 32-byte key in the data folder (base64), kept across restarts. */
function readOrCreateKey(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}
