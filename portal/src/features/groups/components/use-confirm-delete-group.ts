import type { Group } from '@canopy/portal-contract';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useGroupMutations } from '../api/groups-api.ts';

/** Delete a group after the person confirms (its members lose its access at once), and say how it went. */
export function useConfirmDeleteGroup(tenantId: string) {
  const { remove } = useGroupMutations(tenantId);
  return async (group: Group) => {
    const ok = await confirmAction(
      `Delete the group "${group.name}"? Its ${group.memberCount} member(s) lose the access it gives at once.`,
    );
    if (!ok) return;
    remove.mutate(group.id, {
      onSuccess: () => toast.success(`Group "${group.name}" deleted`),
      onError: (failure) => toast.error(errorMessage(failure, 'Failed to delete group')),
    });
  };
}
