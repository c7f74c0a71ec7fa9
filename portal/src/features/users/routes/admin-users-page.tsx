import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { PAGE_SIZE } from '../../../shared/rules/pagination.ts';
import { superAdminRoleLabel } from '../../../shared/rules/roles.ts';
import { Badge, Card, EmptyState, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { tenantUsersQuery } from '../api/users-api.ts';
import { AdminAddUserCard } from '../components/admin-add-user-card.tsx';
import { useInvitationActions } from '../components/use-invitation-actions.ts';
import { useUserRowActions } from '../components/use-user-row-actions.ts';
import { UserListCard } from '../components/user-list-card.tsx';

const ROW_TEXTS = {
  roleUpdated: 'Role updated successfully',
  roleFailed: 'Failed to update user',
  deleted: 'User deleted successfully',
  deleteFailed: 'Error deleting user',
};

/** /admin/users: the super admin adds people to any tenant and manages the chosen tenant's list. */
export default function AdminUsersPage() {
  const tenants = useQuery(tenantsQuery());
  // The chosen tenant is in the URL with its list's search, sort and page: a reload or a shared
  // link shows the same list. Another tenant starts a fresh view.
  const [params, setParams] = useSearchParams();
  const tenantId = params.get('tenant') ?? '';
  const setTenantId = (id: string) => setParams(id ? { tenant: id } : {}, { replace: true });
  const users = useQuery({ ...tenantUsersQuery(tenantId), enabled: !!tenantId });
  const invitations = useInvitationActions(tenantId);
  const rows = useUserRowActions(tenantId, ROW_TEXTS);

  useErrorToast(tenants.isError, 'Failed to load tenants');
  useErrorToast(users.isError, 'Failed to load users');

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Manage users across all tenant organizations."
        badge={<Badge tone="primary">Super Admin</Badge>}
      />
      <AdminAddUserCard
        tenants={tenants.data ?? []}
        tenantId={tenantId}
        onTenant={setTenantId}
        invitations={invitations}
      />
      {tenantId && users.isError ? (
        // A failed load is not an empty tenant: the error alone, never "No users found" under it.
        <ErrorCard message="Failed to load users" />
      ) : tenantId ? (
        <UserListCard
          key={tenantId}
          users={users.data ?? []}
          loading={users.isPending}
          pageSize={PAGE_SIZE.adminUsers}
          roleLabel={superAdminRoleLabel}
          showLastLoggedIn
          canManage
          selfId={null}
          saving={rows.saving}
          empty={{ title: 'No users found', text: 'Create a new user above to get started' }}
          onSaveRole={rows.saveRole}
          onDelete={rows.onDelete}
          onResetMfa={rows.onResetMfa}
          onResend={invitations.onResend}
          onRevoke={invitations.onRevoke}
          resendingId={invitations.resendingId}
        />
      ) : (
        <Card>
          <EmptyState
            title="Select a tenant"
            text="Choose a tenant organization above to see its users."
          />
        </Card>
      )}
    </>
  );
}
