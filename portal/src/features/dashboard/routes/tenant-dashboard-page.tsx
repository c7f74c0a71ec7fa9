import { Link } from 'react-router';
import { displayName } from '../../../shared/rules/display-name.ts';
import { isAdminRole } from '../../../shared/rules/roles.ts';
import { longDate } from '../../../shared/rules/format-date.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { useTenantOverview } from '../api/use-tenant-overview.ts';
import { StatCard, StatSkeletons } from '../components/stat-card.tsx';

export default function TenantDashboardPage() {
  const session = useSession();
  const overview = useTenantOverview(session.tenantId);
  const admin = isAdminRole(session.roles);
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={
          <>
            Welcome back, {displayName(session)}. Today is {longDate(new Date())}.
          </>
        }
      />
      {overview.isError ? (
        <ErrorCard message="Failed to load dashboard metrics" />
      ) : overview.isPending || !overview.data ? (
        <StatSkeletons count={3} />
      ) : (
        <div className="grid grid--stats">
          <StatCard label="Available Reports" value={overview.data.availableReports} />
          <StatCard
            label="Organization Status"
            value="Active"
            note={overview.data.organizationStatus}
          />
          <StatCard label="User Access" value={overview.data.userAccess} />
        </div>
      )}
      <Card title="Quick Actions">
        <div className="quick-actions">
          <Link className="quick-action" to="/tenant/reports">
            <span className="quick-action__title">Browse Reports</span>
            <span className="quick-action__text">Open the reports shared with you</span>
          </Link>
          {admin && (
            <Link className="quick-action" to="/tenant/users">
              <span className="quick-action__title">Manage Users</span>
              <span className="quick-action__text">Invite people and set their roles</span>
            </Link>
          )}
          {admin && (
            <Link className="quick-action" to="/tenant/analytics">
              <span className="quick-action__title">Usage Analytics</span>
              <span className="quick-action__text">Who opens which reports, and how fast</span>
            </Link>
          )}
        </div>
      </Card>
    </>
  );
}
