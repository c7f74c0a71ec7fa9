import { useQuery } from '@tanstack/react-query';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { PAGE_SIZE } from '../../../shared/rules/pagination.ts';
import { isAdminRole, tenantRoleLabel } from '../../../shared/rules/roles.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { tenantUsersQuery } from '../api/users-api.ts';
import { TenantAddUserCard } from '../components/tenant-add-user-card.tsx';
import { useInvitationActions } from '../components/use-invitation-actions.ts';
import { useUserRowActions } from '../components/use-user-row-actions.ts';
import { UserListCard } from '../components/user-list-card.tsx';
import { tenantRefusal, type UserChange } from '../rules/user-actions.ts';

/** /tenant/users and /users: the tenant's own people; Admins manage, Viewers read ("View Only"). */
export default function TenantUsersPage() {
  const session = useSession();
  if (session.type !== 'tenant-user') {
    return (
      <div className="center-page" role="alert">
        <div>
          <h1 className="page-header__title">Unauthorized access</h1>
          <p className="page-header__subtitle">
            This page is for members of a tenant organization.
          </p>
        </div>
      </div>
    );
  }
  return (
    <TenantUsers
      tenantId={session.tenantId}
      admin={isAdminRole(session.roles)}
      selfId={session.id}
    />
  );
}

interface TenantUsersProps {
  tenantId: string | null;
  admin: boolean;
  selfId: string;
}

const ROW_TEXTS = {
  roleUpdated: 'Role updated',
  roleFailed: 'Failed to update user role',
  deleted: 'User deleted',
  deleteFailed: 'Error deleting user',
};

function TenantUsers({ tenantId, admin, selfId }: TenantUsersProps) {
  const users = useQuery({ ...tenantUsersQuery(tenantId ?? ''), enabled: !!tenantId });
  const invitations = useInvitationActions(tenantId ?? '');
  // Creating, deleting and role edits are refused with a toast without a tenant or for a non-Admin.
  const refusal = (change: UserChange) => tenantRefusal(change, tenantId, admin);
  const rows = useUserRowActions(tenantId ?? '', ROW_TEXTS, refusal);
  // A load failure whose message mentions "permission" shows an empty list, not stale rows.
  const denied = users.isError && users.error.message.includes('permission');

  useErrorToast(users.isError, 'Failed to load users');

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="The people of your organization and their roles."
        badge={admin ? <Badge tone="primary">Tenant Admin</Badge> : <Badge>View Only</Badge>}
      />
      {admin && (
        <TenantAddUserCard
          tenantId={tenantId ?? ''}
          invitations={invitations}
          refusal={() => refusal('create')}
        />
      )}
      {users.isError && !denied ? (
        // A failed load is not an empty tenant: the error alone, never the empty state under it.
        <ErrorCard message="Failed to load users" />
      ) : (
        <UserListCard
          users={denied ? [] : (users.data ?? [])}
          loading={users.isPending && !!tenantId}
          pageSize={PAGE_SIZE.tenantUsers}
          roleLabel={(user) => tenantRoleLabel(user.roles)}
          showLastLoggedIn={false}
          canManage={admin}
          selfId={selfId}
          saving={rows.saving}
          empty={{
            title: 'No users found',
            text: admin
              ? 'Create a new user above to get started'
              : 'No users available to display',
          }}
          onSaveRole={rows.saveRole}
          onDelete={rows.onDelete}
          onResetMfa={rows.onResetMfa}
          onResend={invitations.onResend}
          onRevoke={invitations.onRevoke}
          resendingId={invitations.resendingId}
        />
      )}
    </>
  );
}
