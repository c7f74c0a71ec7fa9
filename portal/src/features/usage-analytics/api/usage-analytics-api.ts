import { endpoints, type AnalyticsPeriod } from '@canopy/portal-contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';

/**
 * The analytics of one period, of every tenant (`tenantId` null, super admins) or of one. A tenant
 * Admin's request names no tenant: the server answers with theirs.
 */
export const usageAnalyticsQuery = (days: AnalyticsPeriod, tenantId: string | null) =>
  queryOptions({
    queryKey: ['analytics', 'usage', days, tenantId] as const,
    queryFn: () =>
      call(endpoints.getUsageAnalytics, { query: { days, tenantId: tenantId ?? undefined } }),
    // Switching period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
