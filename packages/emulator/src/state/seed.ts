import { randomUUID } from 'node:crypto';
import { openSalesModel, salesModel } from '../data/semantic-model.ts';
import { paginatedSalesReport } from '../reports/paginated-sales.ts';
import { salesDashboard } from '../reports/sales-dashboard.ts';
import { salesOverviewReport } from '../reports/sales-overview.ts';
import type { SampleIds } from '../reports/sample-ids.ts';
import type { GroupUser, ProfileRecord, RefreshRecord } from './records.ts';
import type { Registry } from './registry.ts';

const hour = 3_600_000;

/**
 * A plausible refresh history, newest first: a completed API refresh, a failed scheduled one (with
 * the cloud's serviceExceptionJson), then daily scheduled successes.
 */
export function seedRefreshHistory(nowMs: number): RefreshRecord[] {
  const entry = (
    hoursAgo: number,
    refreshType: RefreshRecord['refreshType'],
    outcome: RefreshRecord['outcome'],
  ): RefreshRecord => ({
    requestId: randomUUID(),
    refreshType,
    startTime: new Date(nowMs - hoursAgo * hour).toISOString(),
    endTime: new Date(nowMs - hoursAgo * hour + 95_000).toISOString(),
    outcome,
    ...(outcome === 'Failed'
      ? {
          serviceExceptionJson: JSON.stringify({
            errorCode: 'ModelRefreshFailed_CredentialsNotSpecified',
            errorDescription: 'The credentials provided for the data source are invalid.',
          }),
        }
      : {}),
  });
  return [
    entry(2, 'ViaApi', 'Completed'),
    entry(8, 'Scheduled', 'Failed'),
    ...Array.from({ length: 6 }, (_, day) => entry(8 + 24 * (day + 1), 'Scheduled', 'Completed')),
  ];
}

/**
 * Puts the sample dataset, the "Sales Overview" report, the paginated report and the dashboard into
 * a workspace. Used for the built-in sample workspace (fixed ids) and for new workspaces (fresh ids)
 * so a portal that creates a tenant workspace has something to embed.
 */
export function seedWorkspaceContent(
  registry: Registry,
  groupId: string,
  ids: Omit<SampleIds, 'groupId'>,
  configuredBy: string,
  nowMs: number,
): void {
  registry.addDataset({
    id: ids.datasetId,
    name: 'Sales',
    groupId,
    configuredBy,
    createdDate: new Date(nowMs - 30 * 24 * hour).toISOString(),
    model: openSalesModel,
    refreshes: seedRefreshHistory(nowMs),
  });
  // The same data with RLS roles: isEffectiveIdentityRequired, so embed tokens need an identity.
  registry.addDataset({
    id: ids.securedDatasetId,
    name: 'Sales (RLS)',
    groupId,
    configuredBy,
    createdDate: new Date(nowMs - 30 * 24 * hour).toISOString(),
    model: salesModel,
    refreshes: seedRefreshHistory(nowMs),
  });
  registry.addReport(groupId, salesOverviewReport(ids.salesReportId, ids.datasetId));
  registry.addReport(groupId, {
    ...salesOverviewReport(ids.securedReportId, ids.securedDatasetId),
    name: 'Sales Overview (RLS)',
  });
  registry.addReport(groupId, paginatedSalesReport(ids.paginatedReportId, ids.datasetId));
  registry.addDashboard(groupId, salesDashboard(ids.dashboardId, ids.salesReportId));
}

export function freshContentIds(): Omit<SampleIds, 'groupId'> {
  return {
    datasetId: randomUUID(),
    salesReportId: randomUUID(),
    paginatedReportId: randomUUID(),
    dashboardId: randomUUID(),
    securedDatasetId: randomUUID(),
    securedReportId: randomUUID(),
  };
}

/** A profile's access entry: the service principal's id with the profile, as the service lists it. */
export const profilePrincipal = (profile: ProfileRecord): GroupUser => ({
  groupUserAccessRight: 'Admin',
  identifier: profile.servicePrincipalId,
  principalType: 'App',
  displayName: profile.displayName,
  profile: { id: profile.id, displayName: profile.displayName },
});

export const appPrincipal = (clientId: string, displayName?: string): GroupUser => ({
  groupUserAccessRight: 'Admin',
  identifier: clientId,
  principalType: 'App',
  ...(displayName ? { displayName } : {}),
});
