import { useQuery } from '@tanstack/react-query';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { useListView } from '../../../shared/hooks/use-list-view.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { usageAnalyticsQuery } from '../api/usage-analytics-api.ts';
import { AnalyticsControls } from '../components/analytics-controls.tsx';
import { AnalyticsKpis, AnalyticsKpisSkeleton } from '../components/analytics-kpis.tsx';
import { NotOpenedList, PeopleTable, TenantsTable } from '../components/analytics-tables.tsx';
import { ReportsUsageCard } from '../components/reports-usage-card.tsx';
import { useAnalyticsParams } from '../components/use-analytics-params.ts';
import { ViewsChart } from '../components/views-chart.tsx';
import {
  PERIOD_PARAM,
  REPORT_SORT_KEYS,
  reportListRules,
  TENANT_PARAM,
} from '../rules/analytics-rules.ts';
import '../usage-analytics.css';

const REPORT_PAGE_SIZE = 10;

/**
 * Usage analytics: `/admin/analytics` for super admins (every tenant, or one chosen in the tenant
 * filter) and `/tenant/analytics` for a tenant's Admins (their own tenant). The period, tenant and
 * the report table's search, sort and page are all in the URL.
 */
export default function UsageAnalyticsPage() {
  const session = useSession();
  const superAdmin = session.type === 'superadmin';
  const { days, tenantId, choose } = useAnalyticsParams(superAdmin);
  const analytics = useQuery(usageAnalyticsQuery(days, tenantId));
  const tenants = useQuery({ ...tenantsQuery(), enabled: superAdmin });
  useErrorToast(analytics.isError, 'Failed to load usage analytics');
  const data = analytics.data;
  const allTenants = superAdmin && !tenantId;

  const reports = useListView(data?.reports ?? [], {
    ...reportListRules,
    size: REPORT_PAGE_SIZE,
    loading: analytics.isPending,
    sortKeys: REPORT_SORT_KEYS,
  });

  return (
    <>
      <PageHeader
        title="Usage Analytics"
        subtitle={`Report views and load times over the last ${days} days${data ? ` (days in ${data.timeZone})` : ''}.`}
        badge={superAdmin ? <Badge tone="primary">Super Admin</Badge> : undefined}
      />
      <AnalyticsControls
        days={days}
        onPeriod={(period) => choose(PERIOD_PARAM, period)}
        superAdmin={superAdmin}
        tenantId={tenantId}
        tenants={tenants.data}
        onTenant={(id) => choose(TENANT_PARAM, id)}
      />
      {analytics.isError ? (
        <ErrorCard message="Failed to load usage analytics" />
      ) : !data ? (
        <AnalyticsKpisSkeleton />
      ) : (
        <div aria-busy={analytics.isPlaceholderData}>
          <AnalyticsKpis totals={data.totals} />
          <Card title="Views per day">
            <ViewsChart series={data.series} />
          </Card>
          <ReportsUsageCard list={reports} pageSize={REPORT_PAGE_SIZE} showTenant={allTenants} />
          <Card title={`Not opened (${data.notOpened.length})`}>
            <NotOpenedList reports={data.notOpened} showTenant={allTenants} />
          </Card>
          {allTenants && (
            <Card title="Tenants">
              <TenantsTable tenants={data.tenants} />
            </Card>
          )}
          <Card title="People">
            <PeopleTable people={data.people} total={data.peopleCount} showTenant={allTenants} />
          </Card>
        </div>
      )}
    </>
  );
}
