import { defaultClient, type SampleIds } from '@canopy/emulator';
import { ExampleError } from './errors.ts';
import type { ExampleEmulator } from './example-emulator.ts';
import { generateToken } from './generate-token.ts';

export interface ConnectOptions {
  /** How long to wait for the emulator to answer (default 60 s: under `pnpm dev` it starts alongside). */
  timeoutMs?: number;
  /** Pause between attempts (default 500 ms). */
  intervalMs?: number;
  /** Client credentials for the token endpoint (default: `CANOPY_EMULATOR_CLIENT_ID`/`_SECRET`, else the emulator's well-known client). */
  clientId?: string;
  clientSecret?: string;
}

/** What `GET /_emulator/admin/info` answers (the fields used here). */
interface EmulatorInfo {
  tenantId: string;
  sample: SampleIds;
}

/**
 * Uses an emulator that is already running (`pnpm dev` starts one on :5300) through its public HTTP
 * API only: the sample ids from `/_emulator/admin/info`, an app token from the OAuth endpoint, the
 * report's embed URL from the REST API and embed tokens from GenerateToken. Waits for it to come
 * up, since `pnpm dev` starts it next to the examples and it may be a few seconds behind.
 */
export async function connectEmulator(
  url: string,
  options: ConnectOptions = {},
): Promise<ExampleEmulator> {
  const base = parseBaseUrl(url);
  const info = await waitForInfo(base, options.timeoutMs ?? 60_000, options.intervalMs ?? 500);
  const apiUrl = `${base}/v1.0/myorg`;
  const credentials = {
    tenantId: info.tenantId,
    clientId: options.clientId ?? process.env.CANOPY_EMULATOR_CLIENT_ID ?? defaultClient.clientId,
    clientSecret:
      options.clientSecret ??
      process.env.CANOPY_EMULATOR_CLIENT_SECRET ??
      defaultClient.clientSecret,
  };
  const { groupId, salesReportId } = info.sample;
  // The REST API's embedUrl, not one built here: it carries the emulator's public base URL.
  const report = await getJson<{ embedUrl: string }>(
    `${apiUrl}/groups/${groupId}/reports/${salesReportId}`,
    await appToken(base, credentials),
  );
  return {
    url: base,
    origin: new URL(report.embedUrl).origin,
    inProcess: false,
    sample: info.sample,
    sampleEmbedUrl: report.embedUrl,
    // A fresh app token per call, so a restarted emulator (new signing secret) keeps working.
    // GenerateToken counts lifetimes in whole minutes, so a short lifetime is rounded up to one.
    embedToken: async (lifetimeSeconds) =>
      generateToken(
        apiUrl,
        await appToken(base, credentials),
        groupId,
        salesReportId,
        lifetimeSeconds === undefined ? undefined : Math.ceil(lifetimeSeconds / 60),
      ),
    close: () => Promise.resolve(),
  };
}

function parseBaseUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new ExampleError(
      'BadEmulatorUrl',
      `CANOPY_EMULATOR_URL must be an http(s) URL such as http://localhost:5300; got "${url}"`,
    );
  }
  return parsed.href.replace(/\/+$/, '');
}

/** Retries while nothing listens (connection errors); any HTTP answer ends the wait. */
async function waitForInfo(
  base: string,
  timeoutMs: number,
  intervalMs: number,
): Promise<EmulatorInfo> {
  const infoUrl = `${base}/_emulator/admin/info`;
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  for (;;) {
    let response: Response | undefined;
    try {
      response = await fetch(infoUrl, { signal: AbortSignal.timeout(5_000) });
    } catch (error) {
      lastError = describe(error);
    }
    if (response) {
      if (!response.ok) {
        throw new ExampleError(
          'EmulatorRefused',
          `${infoUrl} answered ${response.status}: is CANOPY_EMULATOR_URL a Canopy emulator with its admin API on?`,
        );
      }
      const info = (await response.json()) as Partial<EmulatorInfo>;
      if (typeof info.tenantId !== 'string' || !info.sample?.salesReportId) {
        throw new ExampleError(
          'EmulatorRefused',
          `${infoUrl} did not list the sample ids: is CANOPY_EMULATOR_URL a Canopy emulator?`,
        );
      }
      return info as EmulatorInfo;
    }
    if (Date.now() + intervalMs > deadline) {
      throw new ExampleError(
        'EmulatorUnreachable',
        `No emulator answered at ${base} within ${Math.round(timeoutMs / 1000)} s (${lastError}). ` +
          'Start one with `pnpm --filter @canopy/emulator dev`, or unset CANOPY_EMULATOR_URL to ' +
          'run an emulator inside this example.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

async function appToken(
  base: string,
  credentials: { tenantId: string; clientId: string; clientSecret: string },
): Promise<string> {
  const response = await fetch(`${base}/${credentials.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    }),
  });
  if (!response.ok) {
    throw new ExampleError(
      'EmulatorRefused',
      `The emulator's token endpoint answered ${response.status} ${await response.text()} ` +
        '(set CANOPY_EMULATOR_CLIENT_ID and CANOPY_EMULATOR_CLIENT_SECRET like the emulator)',
    );
  }
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    throw new ExampleError(
      'EmulatorRefused',
      `GET ${url} answered ${response.status} ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

/** fetch's "fetch failed" hides the reason (ECONNREFUSED…) in `cause`. */
function describe(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}
