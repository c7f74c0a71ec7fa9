import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { useListView } from '../../../shared/hooks/use-list-view.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { usageAnalyticsQuery } from '../api/usage-analytics-api.ts';
import {
  NotOpenedList,
  PeopleTable,
  ReportsTable,
  TenantsTable,
} from '../components/analytics-tables.tsx';
import { ViewsChart } from '../components/views-chart.tsx';
import {
  countText,
  msText,
  PERIOD_PARAM,
  readPeriod,
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
  const [params, setParams] = useSearchParams();
  const days = readPeriod(params);
  const tenantId = superAdmin ? params.get(TENANT_PARAM) : null;
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

  const choose = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        // A new period or tenant is a new list: back to its first page.
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Usage Analytics"
        subtitle={`Report views and load times over the last ${days} days${data ? ` (days in ${data.timeZone})` : ''}.`}
        badge={superAdmin ? <Badge tone="primary">Super Admin</Badge> : undefined}
      />
      <div className="list-controls analytics-controls">
        <div className="period-switch" role="group" aria-label="Period">
          {ANALYTICS_PERIODS.map((period: AnalyticsPeriod) => (
            <button
              key={period}
              type="button"
              className="period-switch__option"
              aria-pressed={period === days}
              onClick={() => choose(PERIOD_PARAM, period === '30' ? null : period)}
            >
              {period} days
            </button>
          ))}
        </div>
        {superAdmin && (
          <SelectField
            label="Tenant"
            value={tenantId ?? ''}
            onChange={(event) => choose(TENANT_PARAM, event.target.value || null)}
          >
            <option value="">All tenants</option>
            {(tenants.data ?? []).map((tenant) => (
              <option key={tenant.id} value={tenant.id}>
                {tenant.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {analytics.isError ? (
        <ErrorCard message="Failed to load usage analytics" />
      ) : !data ? (
        <div className="grid grid--stats" aria-busy="true" aria-label="Loading">
          {Array.from({ length: 4 }, (_, index) => (
            <span key={index} className="skeleton skeleton--card" />
          ))}
        </div>
      ) : (
        <div aria-busy={analytics.isPlaceholderData}>
          <div className="grid grid--stats analytics-kpis">
            <Tile label="Views" value={countText(data.totals.views)} />
            <Tile label="Viewers" value={countText(data.totals.viewers)} />
            <Tile label="Median load" value={msText(data.totals.loadMs.median)} />
            <Tile label="Median render" value={msText(data.totals.renderMs.median)} />
          </div>
          <Card title="Views per day">
            <ViewsChart series={data.series} />
          </Card>
          <Card>
            <div className="list-controls">
              <div className="list-controls__search">
                <TextField
                  label="Search Reports"
                  type="search"
                  placeholder="Search by report or tenant..."
                  value={reports.search}
                  onChange={(event) => reports.setSearch(event.target.value)}
                />
              </div>
            </div>
            <h2 className="card__title">Reports ({reports.total})</h2>
            <ReportsTable
              reports={reports.rows}
              showTenant={allTenants}
              search={reports.search}
              sort={reports.sort}
              onSort={reports.sortBy}
            />
            {reports.pages > 1 && (
              <Pagination
                label="Report pages"
                page={reports.page}
                pages={reports.pages}
                size={REPORT_PAGE_SIZE}
                total={reports.total}
                onPage={reports.setPage}
              />
            )}
          </Card>
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

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <section className="card stat" aria-label={label}>
      <h2 className="stat__label">{label}</h2>
      <p className="stat__value">{value}</p>
    </section>
  );
}
