import type { User } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { isAdminRole, tenantRoleLabel } from '../../../shared/rules/roles.ts';
import { Badge, EmptyState, Spinner } from '../../../shared/ui/bits.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { accessFailureText } from '../api/access-failure.ts';
import { accessUsersQuery, grantsQuery, useAccessMutation } from '../api/report-access-api.ts';
import { GroupAccessList } from './group-access-list.tsx';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Button } from '../../../shared/ui/button.tsx';
import '../report-access.css';

export interface ManageAccessModalProps {
  tenantId: string;
  powerBiGroupId: string;
  report: { id: string; name: string };
  onClose: () => void;
}

const roleNames = (user: User) => user.roles.map((role) => role.name);

type Tab = 'people' | 'groups';
const TABS: { id: Tab; label: string }[] = [
  { id: 'people', label: 'People' },
  { id: 'groups', label: 'Groups' },
];

/**
 * Manage Access, granting to People or to Groups. People: the tenant's users with their first
 * role; Admins always see every report ("Admin Access", no toggle); a switch per other user grants
 * or revokes this report. Groups: a switch per group does the same for all its members.
 */
export function ManageAccessModal({
  tenantId,
  powerBiGroupId,
  report,
  onClose,
}: ManageAccessModalProps) {
  const users = useQuery(accessUsersQuery(tenantId));
  const grants = useQuery(grantsQuery(powerBiGroupId));
  const change = useAccessMutation(powerBiGroupId);
  // The switch shows the asked-for state until the server has answered.
  const [pending, setPending] = useState<{ userId: string; grant: boolean } | null>(null);
  const [tab, setTab] = useState<Tab>('people');
  const tabsId = useId();
  // Arrow keys move between the tabs (the tablist pattern); each tab is one Tab stop.
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'people' ? 'groups' : 'people';
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };

  useErrorToast(users.isError, 'Failed to load users');

  // A failed permission load continues with an empty list (every switch off).
  const granted = new Set(
    (grants.data ?? [])
      .filter((grant) => grant.report.reportId === report.id)
      .map((grant) => grant.userId),
  );

  const toggle = (user: User, grant: boolean) => {
    if (!powerBiGroupId) return toast.error('Workspace ID not found');
    if (!tenantId) return toast.error('Tenant ID is missing');
    setPending({ userId: user.id, grant });
    change.mutate(
      { grant, target: { userId: user.id, reportId: report.id, powerBiGroupId, tenantId } },
      {
        onSuccess: () =>
          toast.success(grant ? 'Access granted successfully' : 'Access removed successfully'),
        onError: (error) => toast.error(accessFailureText(error)),
        onSettled: () => setPending(null),
      },
    );
  };

  const loading = users.isPending || grants.isPending;
  const list = users.data ?? [];
  return (
    <Dialog
      open
      size="lg"
      title="Manage Access"
      description={`Who may open "${report.name}": people directly, or everyone in a group. Admins always see every report.`}
      onClose={onClose}
    >
      <div className="access-tabs" role="tablist" aria-label="Grant access to">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`${tabsId}-${id}`}
            aria-selected={tab === id}
            aria-controls={`${tabsId}-panel`}
            tabIndex={tab === id ? 0 : -1}
            className="access-tabs__tab"
            onClick={() => setTab(id)}
            onKeyDown={onTabKey}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'groups' ? (
          <GroupAccessList tenantId={tenantId} reportId={report.id} />
        ) : loading ? (
          <div className="access-loading">
            <Spinner label="Loading users" /> Loading users...
          </div>
        ) : list.length === 0 ? (
          <EmptyState
            title="No users found"
            text={users.isError ? 'Failed to load users' : 'This tenant has no users yet.'}
          />
        ) : (
          <ul className="access-list" aria-label="Users">
            {list.map((user) => (
              <li key={user.id} className="access-row">
                <div className="access-row__who">
                  <div className="access-row__email">{user.email}</div>
                  <div className="access-row__role">{tenantRoleLabel(user.roles)}</div>
                </div>
                {isAdminRole(roleNames(user)) ? (
                  <Badge tone="primary">Admin Access</Badge>
                ) : (
                  <label className="switch">
                    <span className="visually-hidden">{`Access for ${user.email}`}</span>
                    <input
                      type="checkbox"
                      role="switch"
                      checked={pending?.userId === user.id ? pending.grant : granted.has(user.id)}
                      disabled={pending !== null}
                      onChange={(event) => toggle(user, event.target.checked)}
                    />
                  </label>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

export default ManageAccessModal;
