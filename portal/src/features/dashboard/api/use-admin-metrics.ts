import { useQuery } from '@tanstack/react-query';
import { tenantsQuery, userCountQuery } from '../../../shared/api/tenants-query.ts';

export interface AdminMetrics {
  totalTenants: number;
  activeTenants: number;
  inactiveTenants: number;
  totalUsers: number;
}

/** The admin dashboard's four figures, from the tenant list and the user count. */
export function useAdminMetrics() {
  const tenants = useQuery(tenantsQuery());
  const users = useQuery(userCountQuery());
  const list = tenants.data ?? [];
  const active = list.filter((tenant) => tenant.status === 'active').length;
  return {
    tenantsError: tenants.isError,
    usersError: users.isError,
    isPending: tenants.isPending || users.isPending,
    metrics: {
      totalTenants: list.length,
      activeTenants: active,
      inactiveTenants: list.length - active,
      totalUsers: users.data ?? 0,
    } satisfies AdminMetrics,
  };
}
