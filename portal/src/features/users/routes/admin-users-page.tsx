import type { RoleName, User } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { PAGE_SIZE } from '../../../shared/rules/pagination.ts';
import { ROLES, superAdminRoleLabel } from '../../../shared/rules/roles.ts';
import { isEmail } from '../../../shared/rules/validation.ts';
import { Badge, Card, EmptyState, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
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

interface FormErrors {
  email?: string;
}

export default function AdminUsersPage() {
  const tenants = useQuery(tenantsQuery());
  // The chosen tenant is in the URL with its list's search, sort and page: a reload or a shared
  // link shows the same list. Another tenant starts a fresh view.
  const [params, setParams] = useSearchParams();
  const tenantId = params.get('tenant') ?? '';
  const setTenantId = (id: string) => setParams(id ? { tenant: id } : {}, { replace: true });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleName>(ROLES[0] ?? 'Admin');
  const [errors, setErrors] = useState<FormErrors>({});
  const users = useQuery({ ...tenantUsersQuery(tenantId), enabled: !!tenantId });
  const { create, updateRole, remove } = useUserMutations(tenantId);
  const invitations = useInvitationActions(tenantId);

  useErrorToast(tenants.isError, 'Failed to load tenants');
  useErrorToast(users.isError, 'Failed to load users');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tenantId) {
      // The error toast brings its own icon: the text carries none.
      toast.error('Please select a tenant first');
      return;
    }
    invitations.clearResults();
    const emails = parseEmailList(email);
    if (emails.length > 1) {
      setErrors({ email: invitations.inviteAll(emails, role, () => setEmail('')) });
      return;
    }
    const found: FormErrors = {};
    if (!email.trim()) found.email = 'Email is required';
    else if (!isEmail(emails[0] ?? '')) found.email = 'Please enter a valid email address';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      // No password: the account is invited by mail and its owner chooses one.
      { email: emails[0] ?? '', tenantId, role },
      {
        onSuccess: (user) => {
          toast.success(`User "${user.email}" added as ${role}`);
          setEmail('');
        },
        onError: (error) => toast.error(failureText('Failed to create user', error)),
      },
    );
  };

  const saveRole = (user: User, newRole: RoleName, done: () => void) =>
    updateRole.mutate(
      { id: user.id, role: newRole },
      {
        onSuccess: () => {
          toast.success('Role updated successfully');
          done();
        },
        onError: (error) => toast.error(failureText('Failed to update user', error)),
      },
    );

  const onDelete = async (user: User) => {
    if (!(await confirmAction('Are you sure you want to delete this user?'))) return;
    remove.mutate(user.id, {
      onSuccess: () => toast.success('User deleted successfully'),
      onError: (error) => toast.error(failureText('Error deleting user', error)),
    });
  };

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Manage users across all tenant organizations."
        badge={<Badge tone="primary">Super Admin</Badge>}
      />
      <Card title="Add New User">
        <form onSubmit={submit} noValidate>
          <div className="form-grid">
            <SelectField
              label="Tenant Organization"
              value={tenantId}
              onChange={(event) => {
                setTenantId(event.target.value);
              }}
            >
              <option value="">Select Tenant</option>
              {(tenants.data ?? []).map((tenant) => (
                <option key={tenant.id} value={tenant.id}>
                  {tenant.name}
                </option>
              ))}
            </SelectField>
            <EmailListField value={email} onChange={setEmail} error={errors.email} />
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
          </div>
          <div className="form-row" style={{ marginTop: 16 }}>
            <p className="field__hint">{INVITATION_HINT}</p>
            <Button type="submit" disabled={create.isPending || invitations.inviting}>
              {create.isPending || invitations.inviting ? 'Creating...' : 'Create User'}
            </Button>
          </div>
        </form>
        {invitations.results && <BulkInviteResults results={invitations.results} />}
      </Card>
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
          saving={updateRole.isPending}
          empty={{ title: 'No users found', text: 'Create a new user above to get started' }}
          onSaveRole={saveRole}
          onDelete={(user) => void onDelete(user)}
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
