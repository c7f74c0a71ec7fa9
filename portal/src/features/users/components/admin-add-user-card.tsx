import type { Tenant } from '@canopy/portal-contract';
import { ROLES } from '../../../shared/rules/roles.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SelectField } from '../../../shared/ui/field.tsx';
import { BulkInviteResults } from './bulk-invite-results.tsx';
import { AddUserFields } from './add-user-fields.tsx';
import { INVITATION_HINT } from './invitation-hint.ts';
import { useAddUserForm } from './use-add-user-form.ts';
import type { useInvitationActions } from './use-invitation-actions.ts';

export interface AdminAddUserCardProps {
  tenants: readonly Pick<Tenant, 'id' | 'name'>[];
  /** The chosen tenant ('' for none yet): its list shows below, new people join it. */
  tenantId: string;
  onTenant: (tenantId: string) => void;
  invitations: ReturnType<typeof useInvitationActions>;
}

/** The super admin's "Add New User": a tenant, addresses and a role (kept for the next one). */
export function AdminAddUserCard({
  tenants,
  tenantId,
  onTenant,
  invitations,
}: AdminAddUserCardProps) {
  const form = useAddUserForm({
    tenantId,
    invitations,
    initialRole: ROLES[0] ?? 'Admin',
    resetRole: false,
    // The error toast brings its own icon: the text carries none.
    refusal: () => (tenantId ? undefined : 'Please select a tenant first'),
    created: (email, role) => `User "${email}" added as ${role}`,
    failed: 'Failed to create user',
  });
  return (
    <Card title="Add New User">
      <form onSubmit={form.submit} noValidate>
        <div className="form-grid">
          <SelectField
            label="Tenant Organization"
            value={tenantId}
            onChange={(event) => onTenant(event.target.value)}
          >
            <option value="">Select Tenant</option>
            {tenants.map((tenant) => (
              <option key={tenant.id} value={tenant.id}>
                {tenant.name}
              </option>
            ))}
          </SelectField>
          <AddUserFields form={form} />
        </div>
        <div className="form-row" style={{ marginTop: 16 }}>
          <p className="field__hint">{INVITATION_HINT}</p>
          <Button type="submit" disabled={form.busy}>
            {form.busy ? 'Creating...' : 'Create User'}
          </Button>
        </div>
      </form>
      {invitations.results && <BulkInviteResults results={invitations.results} />}
    </Card>
  );
}
