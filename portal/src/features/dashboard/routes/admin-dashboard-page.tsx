import { Link } from 'react-router';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { useAdminMetrics } from '../api/use-admin-metrics.ts';
import { StatCard, StatSkeletons } from '../components/stat-card.tsx';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';

export default function AdminDashboardPage() {
  const { metrics, isPending, tenantsError, usersError } = useAdminMetrics();
  useErrorToast(tenantsError, 'Failed to fetch tenants');
  useErrorToast(usersError, 'Failed to fetch user count');
  const failed = tenantsError || usersError;
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        subtitle="An overview of every tenant organization on this portal."
        badge={<Badge tone="primary">Super Admin</Badge>}
      />
      {failed ? (
        <ErrorCard message="Failed to load dashboard metrics" />
      ) : isPending ? (
        <StatSkeletons count={4} />
      ) : (
        <div className="grid grid--stats">
          <StatCard label="Total Tenants" value={metrics.totalTenants} />
          <StatCard label="Active Tenants" value={metrics.activeTenants} />
          <StatCard label="Inactive Tenants" value={metrics.inactiveTenants} />
          <StatCard label="Total Users" value={metrics.totalUsers} />
        </div>
      )}
      <Card title="Quick Actions">
        <div className="quick-actions">
          <Link className="quick-action" to="/admin/tenants">
            <span className="quick-action__title">Manage Tenants</span>
            <span className="quick-action__text">Create, brand and deactivate organizations</span>
          </Link>
          <Link className="quick-action" to="/admin/users">
            <span className="quick-action__title">User Management</span>
            <span className="quick-action__text">Add people to tenants and set their roles</span>
          </Link>
          <Link className="quick-action" to="/admin/analytics">
            <span className="quick-action__title">System Analytics</span>
            <span className="quick-action__text">Report views and load times per tenant</span>
          </Link>
        </div>
      </Card>
    </>
  );
}
