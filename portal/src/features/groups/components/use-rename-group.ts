import type { Group } from '@canopy/portal-contract';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useGroupMutations } from '../api/groups-api.ts';

/** The Rename dialog's life: opened on a group, saved (then closed) or cancelled. */
export function useRenameGroup(tenantId: string) {
  const { update } = useGroupMutations(tenantId);
  const [editing, setEditing] = useState<Group | null>(null);
  const save = (body: { name: string; description: string }) => {
    if (!editing) return;
    update.mutate(
      { groupId: editing.id, body },
      {
        onSuccess: (saved) => {
          toast.success(`Group "${saved.name}" updated`);
          setEditing(null);
        },
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to update group')),
      },
    );
  };
  return {
    editing,
    open: setEditing,
    close: () => setEditing(null),
    save,
    saving: update.isPending,
  };
}
