import {
  countries,
  defaultXeroClient,
  startEmulator,
  xeroPaths,
  type RunningEmulator,
} from '@canopy/emulator';
import type { XeroConfig } from '../../config.ts';
import { settingsFromEmulator, type AnalyticsSettings } from './analytics-settings.ts';

/** The emulator's sample countries: the row-level-security keys tenants are given locally. */
export const emulatorCountries = countries.map(([name]) => name);

/**
 * With no CANOPY_ANALYTICS_API_URL, the server brings its own analytics service: the emulator,
 * in-process on its own origin (embed pages need one), with new workspaces left empty so tenants
 * get exactly what the provisioner clones into them.
 */
export async function startLocalAnalytics(options: {
  port: number;
  /** Where the emulator keeps its catalogue, so stored workspace ids survive restarts. */
  dataDir: string;
}): Promise<{ emulator: RunningEmulator; settings: AnalyticsSettings }> {
  const emulator = await startEmulator({
    port: options.port,
    populateNewWorkspaces: false,
    dataDir: options.dataDir,
  });
  return { emulator, settings: localAnalyticsSettings(emulator) };
}

export const localAnalyticsSettings = (emulator: RunningEmulator): AnalyticsSettings =>
  settingsFromEmulator(emulator, emulatorCountries);

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
