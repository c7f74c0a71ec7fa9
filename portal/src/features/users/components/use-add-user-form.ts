import type { RoleName } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useUserMutations } from '../api/users-api.ts';
import { parseEmailList, singleEmailError } from '../rules/invitations.ts';
import { failureText } from './failure-text.ts';
import type { useInvitationActions } from './use-invitation-actions.ts';

export interface AddUserFormOptions {
  tenantId: string;
  invitations: ReturnType<typeof useInvitationActions>;
  initialRole: RoleName;
  /** Whether the role goes back to `initialRole` once people are added (else it stays chosen). */
  resetRole: boolean;
  /** Why adding is refused before asking the server (said in a toast); undefined to go ahead. */
  refusal: () => string | undefined;
  /** The toast once one person is added. */
  created: (email: string, role: RoleName) => string;
  /** The toast's words when adding one person fails (the server's reason follows). */
  failed: string;
}

/**
 * Add New User: one address creates the person (invited by mail; they choose their password),
 * several go to the bulk invitation with its per-address results. The field empties on success.
 */
export function useAddUserForm(options: AddUserFormOptions) {
  const { tenantId, invitations, initialRole } = options;
  const { create } = useUserMutations(tenantId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleName>(initialRole);
  const [emailError, setEmailError] = useState<string>();
  const reset = () => {
    setEmail('');
    if (options.resetRole) setRole(initialRole);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = options.refusal();
    if (refused) {
      toast.error(refused);
      return;
    }
    invitations.clearResults();
    const emails = parseEmailList(email);
    if (emails.length > 1) {
      setEmailError(invitations.inviteAll(emails, role, reset));
      return;
    }
    const error = singleEmailError(email);
    setEmailError(error);
    if (error) return;
    create.mutate(
      { email: emails[0] ?? '', tenantId, role },
      {
        onSuccess: (user) => {
          toast.success(options.created(user.email, role));
          reset();
        },
        onError: (failure) => toast.error(failureText(options.failed, failure)),
      },
    );
  };

  return {
    email,
    setEmail,
    role,
    setRole,
    emailError,
    submit,
    busy: create.isPending || invitations.inviting,
  };
}
