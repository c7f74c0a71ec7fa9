import { UsageAnalytics, UsageAnalyticsQuery } from '../analytics.ts';
import { endpoint, errors } from '../endpoint.ts';
import { UsageList, UsageQuery } from '../reports.ts';

const tags = ['reports'];

/** How the reports are used: the analytics page's figures and the raw load and render log. */
export const analyticsEndpoints = {
  // Super administrators see every tenant or the one they name; a tenant Admin sees their own
  // tenant (naming another is 403); Viewers are refused.
  getUsageAnalytics: endpoint({
    operationId: 'getUsageAnalytics',
    method: 'GET',
    path: '/api/analytics/usage',
    summary:
      'Report views per day, report, tenant and person, load and render percentiles, and reports nobody opened, over 7, 30 or 90 days',
    tags,
    access: 'tenant-admin',
    query: UsageAnalyticsQuery,
    responses: { 200: UsageAnalytics, ...errors(400, 401, 403, 404) },
  }),
  listReportUsage: endpoint({
    operationId: 'listReportUsage',
    method: 'GET',
    path: '/api/admin/usage',
    summary: 'Report load and render times, newest first',
    tags,
    access: 'superadmin',
    query: UsageQuery,
    responses: { 200: UsageList, ...errors(400, 401, 403) },
  }),
};
