import type { RoleName, User } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PAGE_SIZE } from '../../../shared/rules/pagination.ts';
import { isAdminRole, ROLES, tenantRoleLabel } from '../../../shared/rules/roles.ts';
import { isEmail } from '../../../shared/rules/validation.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { SelectField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { tenantUsersQuery, useUserMutations } from '../api/users-api.ts';
import { BulkInviteResults } from '../components/bulk-invite-results.tsx';
import { EmailListField } from '../components/email-list-field.tsx';
import { INVITATION_HINT } from '../components/invitation-hint.ts';
import { useInvitationActions } from '../components/use-invitation-actions.ts';
import { parseEmailList } from '../rules/invitations.ts';
import { failureText } from '../components/failure-text.ts';
import { UserListCard } from '../components/user-list-card.tsx';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Button } from '../../../shared/ui/button.tsx';

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

function TenantUsers({ tenantId, admin, selfId }: TenantUsersProps) {
  const users = useQuery({ ...tenantUsersQuery(tenantId ?? ''), enabled: !!tenantId });
  const { create, updateRole, remove } = useUserMutations(tenantId ?? '');
  const invitations = useInvitationActions(tenantId ?? '');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleName>('Viewer');
  const [emailError, setEmailError] = useState<string>();
  // A load failure whose message mentions "permission" shows an empty list, not stale rows.
  const denied = users.isError && users.error.message.includes('permission');
  const list = denied ? [] : (users.data ?? []);

  useErrorToast(users.isError, 'Failed to load users');

  /** Create, delete and role edits are refused with a toast without a tenant or for a non-Admin. */
  const allowed = (permissionText: string) => {
    if (!tenantId) {
      toast.error('No tenant context found');
      return false;
    }
    if (!admin) {
      toast.error(permissionText);
      return false;
    }
    return true;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!allowed('You do not have permission to create users') || !tenantId) return;
    invitations.clearResults();
    const emails = parseEmailList(email);
    if (emails.length > 1) {
      setEmailError(
        invitations.inviteAll(emails, role, () => {
          setEmail('');
          setRole('Viewer');
        }),
      );
      return;
    }
    const error = !email.trim()
      ? 'Email is required'
      : !isEmail(emails[0] ?? '')
        ? 'Please enter a valid email address'
        : undefined;
    setEmailError(error);
    if (error) return;
    create.mutate(
      { email: emails[0] ?? '', tenantId, role },
      {
        onSuccess: (user) => {
          toast.success(`User ${user.email} added as ${role}`);
          setEmail('');
          setRole('Viewer');
        },
        onError: (error) => toast.error(failureText('Error creating user', error)),
      },
    );
  };

  const saveRole = (user: User, newRole: RoleName, done: () => void) => {
    if (!allowed('You do not have permission to edit user roles')) return;
    updateRole.mutate(
      { id: user.id, role: newRole },
      {
        onSuccess: () => {
          toast.success('Role updated');
          done();
        },
        onError: (error) => toast.error(failureText('Failed to update user role', error)),
      },
    );
  };

  const onDelete = async (user: User) => {
    if (!allowed('You do not have permission to delete users')) return;
    if (!(await confirmAction('Are you sure you want to delete this user?'))) return;
    remove.mutate(user.id, {
      onSuccess: () => toast.success('User deleted'),
      onError: (error) => toast.error(failureText('Error deleting user', error)),
    });
  };

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="The people of your organization and their roles."
        badge={admin ? <Badge tone="primary">Tenant Admin</Badge> : <Badge>View Only</Badge>}
      />
      {admin && (
        <Card title="Add New User">
          <form onSubmit={submit} noValidate>
            <div className="form-grid">
              <EmailListField value={email} onChange={setEmail} error={emailError} />
              <SelectField
                label="Role"
                value={role}
                onChange={(event) => setRole(event.target.value as RoleName)}
              >
                {ROLES.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" disabled={create.isPending || invitations.inviting}>
                {create.isPending || invitations.inviting ? 'Creating...' : 'Create User'}
              </Button>
            </div>
            <p className="field__hint" style={{ marginTop: 12 }}>
              {INVITATION_HINT}
            </p>
          </form>
          {invitations.results && <BulkInviteResults results={invitations.results} />}
        </Card>
      )}
      {users.isError && !denied ? (
        // A failed load is not an empty tenant: the error alone, never the empty state under it.
        <ErrorCard message="Failed to load users" />
      ) : (
        <UserListCard
          users={list}
          loading={users.isPending && !!tenantId}
          pageSize={PAGE_SIZE.tenantUsers}
          roleLabel={(user) => tenantRoleLabel(user.roles)}
          showLastLoggedIn={false}
          canManage={admin}
          selfId={selfId}
          saving={updateRole.isPending}
          empty={{
            title: 'No users found',
            text: admin
              ? 'Create a new user above to get started'
              : 'No users available to display',
          }}
          onSaveRole={saveRole}
          onDelete={(user) => void onDelete(user)}
          onResend={invitations.onResend}
          onRevoke={invitations.onRevoke}
          resendingId={invitations.resendingId}
        />
      )}
    </>
  );
}
