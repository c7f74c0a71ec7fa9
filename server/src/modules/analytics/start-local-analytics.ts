import { join } from 'node:path';
import {
  countries,
  defaultClient,
  defaultTenantId,
  defaultXeroClient,
  sampleIds,
  startEmulator,
  xeroPaths,
  type RunningEmulator,
} from '@canopy/emulator';
import type { XeroConfig } from '../../config.ts';
import { settingsFromEmulator, type AnalyticsSettings } from './analytics-settings.ts';
import { readOrCreateEmulatorCredentials } from './hosted-emulator-credentials.ts';

/** The emulator's sample countries: the row-level-security keys tenants are given locally. */
export const emulatorCountries = countries.map(([name]) => name);

export interface LocalAnalyticsOptions {
  port: number;
  /** Address to bind (default 127.0.0.1); `0.0.0.0` lets other machines load the embed pages. */
  host?: string;
  /** Where browsers reach it when that is not the bound address (a proxy, a DNS name). */
  publicUrl?: string;
  /** Its unauthenticated fault-injection API (`/_emulator/admin`); off unless asked for. */
  adminApi?: boolean;
  /** Where the emulator keeps its catalogue and credentials, so workspace ids survive restarts. */
  dataDir: string;
}

/**
 * With no analytics service configured, the server brings its own: the emulator, in-process on its
 * own origin (embed pages need one), with new workspaces left empty so tenants get exactly what the
 * provisioner clones into them, and a service principal of its own (never the published sample).
 */
export async function startLocalAnalytics(
  options: LocalAnalyticsOptions,
): Promise<{ emulator: RunningEmulator; settings: AnalyticsSettings }> {
  const credentials = readOrCreateEmulatorCredentials(join(options.dataDir, 'credentials.json'));
  const emulator = await startEmulator({
    port: options.port,
    host: options.host,
    publicUrl: options.publicUrl,
    adminApi: options.adminApi ?? false,
    tenantId: credentials.tenantId,
    clients: [
      {
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        displayName: 'Canopy portal',
      },
    ],
    populateNewWorkspaces: false,
    dataDir: options.dataDir,
  });
  // The server calls the REST API where the emulator listens; only browsers need the public URL.
  const host = options.host ?? '127.0.0.1';
  const local = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${emulator.port}`;
  const settings = localAnalyticsSettings({
    ...emulator,
    apiUrl: `${local}/v1.0/myorg`,
    tokenUrl: `${local}/${emulator.tenantId}/oauth2/v2.0/token`,
  });
  return { emulator, settings };
}

export const localAnalyticsSettings = (
  emulator: Pick<
    RunningEmulator,
    'apiUrl' | 'tokenUrl' | 'origin' | 'clientId' | 'clientSecret' | 'sample'
  >,
): AnalyticsSettings => settingsFromEmulator(emulator, emulatorCountries);

/** The emulator's local Xero provider, reached exactly as the real one (see config.ts). */
export function localXeroConfig(emulator: RunningEmulator): XeroConfig | undefined {
  if (!emulator.xeroUrl) return undefined;
  return {
    authorizeUrl: `${emulator.xeroUrl}${xeroPaths.authorize}`,
    tokenUrl: `${emulator.xeroUrl}${xeroPaths.token}`,
    revokeUrl: `${emulator.xeroUrl}${xeroPaths.revocation}`,
    apiUrl: emulator.xeroUrl,
    clientId: defaultXeroClient.clientId,
    clientSecret: defaultXeroClient.clientSecret,
  };
}

/**
 * A standalone emulator several instances share (one catalogue, as with the cloud): its sample
 * workspace is the template, exactly as for a hosted one; only the address and credentials differ.
 */
export function sharedEmulatorSettings(shared: {
  url: string;
  publicUrl?: string;
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
}): AnalyticsSettings {
  const tenantId = shared.tenantId ?? defaultTenantId;
  return localAnalyticsSettings({
    apiUrl: `${shared.url}/v1.0/myorg`,
    tokenUrl: `${shared.url}/${tenantId}/oauth2/v2.0/token`,
    origin: new URL(shared.publicUrl ?? shared.url).origin,
    clientId: shared.clientId ?? defaultClient.clientId,
    clientSecret: shared.clientSecret ?? defaultClient.clientSecret,
    sample: sampleIds,
  });
}
