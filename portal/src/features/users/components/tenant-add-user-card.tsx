import { Card } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { BulkInviteResults } from './bulk-invite-results.tsx';
import { AddUserFields } from './add-user-fields.tsx';
import { INVITATION_HINT } from './invitation-hint.ts';
import { useAddUserForm } from './use-add-user-form.ts';
import type { useInvitationActions } from './use-invitation-actions.ts';

export interface TenantAddUserCardProps {
  tenantId: string;
  invitations: ReturnType<typeof useInvitationActions>;
  /** Why adding is refused before asking the server, or undefined to go ahead. */
  refusal: () => string | undefined;
}

/** A tenant Admin's "Add New User": addresses and a role (Viewer again after each addition). */
export function TenantAddUserCard({ tenantId, invitations, refusal }: TenantAddUserCardProps) {
  const form = useAddUserForm({
    tenantId,
    invitations,
    initialRole: 'Viewer',
    resetRole: true,
    refusal,
    created: (email, role) => `User ${email} added as ${role}`,
    failed: 'Error creating user',
  });
  return (
    <Card title="Add New User">
      <form onSubmit={form.submit} noValidate>
        <div className="form-grid">
          <AddUserFields form={form} />
          <Button type="submit" disabled={form.busy}>
            {form.busy ? 'Creating...' : 'Create User'}
          </Button>
        </div>
        <p className="field__hint" style={{ marginTop: 12 }}>
          {INVITATION_HINT}
        </p>
      </form>
      {invitations.results && <BulkInviteResults results={invitations.results} />}
    </Card>
  );
}
