import type { RoleName } from '@canopy/portal-contract';
import type { FormEvent } from 'react';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useUserMutations } from '../api/users-api.ts';
import { AddUserForm, parseEmailList } from '../rules/invitations.ts';
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
  const form = useZodForm(AddUserForm, { email: '', role: initialRole });
  const reset = () =>
    form.reset({ email: '', role: options.resetRole ? initialRole : form.values.role });

  const add = form.submit(({ email, role }) => {
    const emails = parseEmailList(email);
    if (emails.length > 1) {
      invitations.inviteAll(emails, role, reset);
      return;
    }
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
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = options.refusal();
    if (refused) {
      toast.error(refused);
      return;
    }
    invitations.clearResults();
    add();
  };

  return {
    email: form.values.email,
    setEmail: (email: string) => form.set('email', email),
    emailError: form.errors.email,
    onEmailBlur: form.blur,
    role: form.values.role,
    setRole: (role: RoleName) => form.set('role', role),
    submit,
    busy: create.isPending || invitations.inviting,
  };
}
