import type { RoleName, User } from '@canopy/portal-contract';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { resetPersonMfa, useUserMutations } from '../api/users-api.ts';
import type { UserChange } from '../rules/user-actions.ts';
import { failureText } from './failure-text.ts';

/** What a screen's toasts say after a role edit or a deletion (each screen words them its way). */
export interface UserRowTexts {
  roleUpdated: string;
  roleFailed: string;
  deleted: string;
  deleteFailed: string;
}

/**
 * A row's role edit and its deletion (after a confirmation), each said in a toast. `refusal` says
 * why the screen refuses one before asking the server (in a toast), or undefined to go ahead.
 */
export function useUserRowActions(
  tenantId: string,
  texts: UserRowTexts,
  refusal: (change: Exclude<UserChange, 'create'>) => string | undefined = () => undefined,
) {
  const { updateRole, remove } = useUserMutations(tenantId);
  const refused = (change: Exclude<UserChange, 'create'>) => {
    const why = refusal(change);
    if (why) toast.error(why);
    return why !== undefined;
  };

  const saveRole = (user: User, role: RoleName, done: () => void) => {
    if (refused('edit')) return;
    updateRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          toast.success(texts.roleUpdated);
          done();
        },
        onError: (error) => toast.error(failureText(texts.roleFailed, error)),
      },
    );
  };

  const onDelete = async (user: User) => {
    if (refused('delete')) return;
    if (!(await confirmAction('Are you sure you want to delete this user?'))) return;
    remove.mutate(user.id, {
      onSuccess: () => toast.success(texts.deleted),
      onError: (error) => toast.error(failureText(texts.deleteFailed, error)),
    });
  };

  const onResetMfa = async (user: User) => {
    const sure = await confirmAction(
      `Reset two-step verification for ${user.email}? Their authenticator app, passkeys and recovery codes are removed and they are signed out everywhere. They next sign in with their password alone, and set up a new second step (at once, where it is required).`,
      'Reset',
    );
    if (!sure) return;
    try {
      await resetPersonMfa(user.id);
      toast.success(`Two-step verification reset for ${user.email}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reset two-step verification'));
    }
  };

  return {
    saveRole,
    onDelete: (user: User) => void onDelete(user),
    onResetMfa: (user: User) => void onResetMfa(user),
    saving: updateRole.isPending,
  };
}
