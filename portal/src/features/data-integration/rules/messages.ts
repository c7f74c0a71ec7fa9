/** Data integration texts: the product's set wording first (keep it word for word), then ours. */
export const DI_MESSAGES = {
  loadFailed: 'Failed to load data sources',
  fallback: 'Failed to load data sources from API, using fallback data',
  fetchIntegrationsFailed: 'Failed to fetch integrations',
  startFailed: 'Failed to start authentication flow',
  disconnectFailed: 'Failed to disconnect integration',
  comingSoon: 'This integration type is coming soon',
  disconnected: 'Integration disconnected successfully',
  connected: (sourceName: string) => `${sourceName} integration connected successfully`,
  invalidTenant: 'Invalid tenant ID. Please navigate from the tenants page.',
  // Ours: the set wording has no text for these.
  synced: (sourceName: string, rows: number) =>
    `${sourceName} synced: ${rows} ${rows === 1 ? 'row' : 'rows'} loaded`,
  syncFailed: (reason: string) => `Failed to sync integration: ${reason}`,
  chooseTenant: 'Select a tenant first',
  confirmDisconnect: (sourceName: string, tenantName: string | null) =>
    `Disconnect ${sourceName}${tenantName ? ` from ${tenantName}` : ''}? Its access at the provider is revoked and scheduled syncs stop.`,
} as const;
