import type { BulkInviteResponse, RoleName, User } from '@canopy/portal-contract';
import { useState } from 'react';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useUserMutations } from '../api/users-api.ts';
import { failureText } from './failure-text.ts';

/**
 * What both user screens do with invitations: Resend and Revoke on an invited person's row, and
 * the bulk invitation of Add New User with its per-address results.
 */
export function useInvitationActions(tenantId: string) {
  const { inviteMany, resend, revoke } = useUserMutations(tenantId);
  const [results, setResults] = useState<BulkInviteResponse['results'] | null>(null);

  const onResend = (user: User) =>
    resend.mutate(user.id, {
      onSuccess: () => toast.success(`Invitation sent again to ${user.email}`),
      onError: (error) => toast.error(failureText('Failed to resend the invitation', error)),
    });

  const onRevoke = async (user: User) => {
    const sure = await confirmAction(
      `Revoke the invitation of ${user.email}? Their account is deleted and the link stops working.`,
      'Revoke',
    );
    if (!sure) return;
    revoke.mutate(user.id, {
      onSuccess: () => toast.success(`Invitation of ${user.email} revoked`),
      onError: (error) => toast.error(failureText('Failed to revoke the invitation', error)),
    });
  };

  /** Invites several addresses (the form has checked there are not too many). */
  const inviteAll = (emails: string[], role: RoleName, done: () => void) =>
    inviteMany.mutate(
      { emails, tenantId, role },
      {
        onSuccess: ({ results: answered }) => {
          setResults(answered);
          const created = answered.filter((r) => r.outcome === 'created').length;
          toast.success(`${created} of ${answered.length} invited as ${role}`);
          done();
        },
        onError: (error) => toast.error(failureText('Failed to invite users', error)),
      },
    );

  return {
    onResend,
    onRevoke: (user: User) => void onRevoke(user),
    resendingId: resend.isPending ? (resend.variables ?? null) : null,
    inviteAll,
    inviting: inviteMany.isPending,
    results,
    clearResults: () => setResults(null),
  };
}
