import type { AnalyticsConfig } from '../../config.ts';

/**
 * Everything the analytics client needs, whether it talks to the cloud or to the local emulator:
 * where the REST API and the token endpoint are, the service principal, the template reports every
 * tenant gets a copy of, and how a tenant is named to row-level security.
 */
export interface AnalyticsSettings {
  /** REST root, e.g. https://api.powerbi.com/v1.0/myorg (no trailing slash). */
  apiUrl: string;
  /** The Entra token endpoint of the service principal's tenant. */
  tokenUrl: string;
  /** The OAuth scope of the REST API. */
  scope: string;
  clientId: string;
  clientSecret: string;
  template: { powerBiGroupId: string; reportIds: string[] };
  rls: {
    /** The dataset role every embed token names, with the tenant as its effective identity. */
    role: string;
    /**
     * The values the role's column holds, when the tenant id is not one of them: the emulator's
     * sample data has a Country column rather than a tenant column, so each tenant is given one of
     * them (see tenant-data-keys.ts). Absent: the tenant id itself is the identity.
     */
    sampleKeys?: readonly string[];
  };
  /** Origin of the embed pages, for the Content-Security-Policy's frame-src. */
  embedOrigin?: string;
}

const cloudScope = 'https://analysis.windows.net/powerbi/api/.default';

/** The cloud (or any service configured like it) from CANOPY_ANALYTICS_*. */
export function settingsFromConfig(config: AnalyticsConfig, rlsRole: string): AnalyticsSettings {
  return {
    apiUrl: config.apiUrl.endsWith('/v1.0/myorg') ? config.apiUrl : `${config.apiUrl}/v1.0/myorg`,
    tokenUrl: `${config.authorityUrl}/${config.tenantId}/oauth2/v2.0/token`,
    scope: cloudScope,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    template: {
      powerBiGroupId: config.templatePowerBiGroupId,
      reportIds: config.templateReportIds,
    },
    rls: { role: rlsRole },
  };
}

/** What a running emulator offers (see start-local-analytics.ts and the tests). */
export interface EmulatorEndpoints {
  apiUrl: string;
  tokenUrl: string;
  origin: string;
  clientId: string;
  clientSecret: string;
  /** The emulator's own names: `groupId` is the cloud's name for a workspace id. */
  sample: { groupId: string; securedReportId: string };
}

/**
 * The local emulator: its sample workspace is the template, and its RLS sample report the report
 * each tenant gets; tenants are separated by the CountryManager role (see docs/portal-operations.md).
 */
export function settingsFromEmulator(
  emulator: EmulatorEndpoints,
  countries: readonly string[],
): AnalyticsSettings {
  return {
    apiUrl: emulator.apiUrl,
    tokenUrl: emulator.tokenUrl,
    scope: cloudScope,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    template: {
      powerBiGroupId: emulator.sample.groupId,
      reportIds: [emulator.sample.securedReportId],
    },
    rls: { role: 'CountryManager', sampleKeys: countries },
    embedOrigin: emulator.origin,
  };
}
