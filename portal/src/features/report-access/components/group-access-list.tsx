import type { Group } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { EmptyState, Spinner } from '../../../shared/ui/bits.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { accessGroupsQuery, useGroupAccessMutation } from '../api/group-access-api.ts';

/**
 * The Groups tab of Manage Access: a switch per group of the tenant grants or revokes the report
 * for all its members at once.
 */
export function GroupAccessList({ tenantId, reportId }: { tenantId: string; reportId: string }) {
  const groups = useQuery(accessGroupsQuery(tenantId));
  const change = useGroupAccessMutation(tenantId);
  // The switch shows the asked-for state until the server has answered.
  const [pending, setPending] = useState<{ groupId: string; grant: boolean } | null>(null);

  const toggle = (group: Group, grant: boolean) => {
    setPending({ groupId: group.id, grant });
    change.mutate(
      { groupId: group.id, reportId, grant },
      {
        onSuccess: () =>
          toast.success(grant ? 'Access granted successfully' : 'Access removed successfully'),
        onError: (error) =>
          toast.error(`Failed to update permissions: ${errorMessage(error, 'Unknown error')}`),
        onSettled: () => setPending(null),
      },
    );
  };

  if (groups.isPending) {
    return (
      <div className="access-loading">
        <Spinner label="Loading groups" /> Loading groups...
      </div>
    );
  }
  const list = groups.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState
        title="No groups found"
        text={
          groups.isError ? 'Failed to load groups' : 'Create groups on the Groups screen first.'
        }
      />
    );
  }
  return (
    <ul className="access-list" aria-label="Groups">
      {list.map((group) => (
        <li key={group.id} className="access-row">
          <div className="access-row__who">
            <div className="access-row__email">{group.name}</div>
            <div className="access-row__role">
              {group.memberCount === 1 ? '1 member' : `${group.memberCount} members`}
            </div>
          </div>
          <label className="switch">
            <span className="visually-hidden">{`Access for group ${group.name}`}</span>
            <input
              type="checkbox"
              role="switch"
              checked={
                pending?.groupId === group.id ? pending.grant : group.reportIds.includes(reportId)
              }
              disabled={pending !== null}
              onChange={(event) => toggle(group, event.target.checked)}
            />
          </label>
        </li>
      ))}
    </ul>
  );
}
