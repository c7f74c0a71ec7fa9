import type { RoleName, User } from '@canopy/portal-contract';
import { useState } from 'react';
import { displayName } from '../../../shared/rules/display-name.ts';
import { lastLoggedInText } from '../../../shared/rules/format-date.ts';
import type { ListSort } from '../../../shared/rules/list-view.ts';
import { initialEditRole, ROLES } from '../../../shared/rules/roles.ts';
import { Badge, EmptyState, SkeletonRows } from '../../../shared/ui/bits.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import { invitationText } from '../rules/invitations.ts';
import type { UserActions } from '../rules/user-actions.ts';
import type { UserSortKey } from '../rules/user-list.ts';
import { Button } from '../../../shared/ui/button.tsx';

export interface UserTableProps {
  users: User[];
  loading: boolean;
  skeletonRows: number;
  /** Role text of a row (the super admin and tenant screens differ: see shared/rules/roles.ts). */
  roleLabel: (user: User) => string;
  showLastLoggedIn: boolean;
  /** false: "View Only" instead of the actions. */
  canManage: boolean;
  /** Which of Edit and Delete a managed row offers (own row and the only Admin: neither). */
  actionsFor: (user: User) => UserActions;
  saving: boolean;
  empty: { title: string; text: string };
  /** The search text, when one is typed: the empty state then says nothing matched. */
  search: string;
  sort: ListSort<UserSortKey> | null;
  onSort: (column: UserSortKey) => void;
  onSaveRole: (user: User, role: RoleName, done: () => void) => void;
  onDelete: (user: User) => void;
  /** Removes a person's second factors (after a confirmation); not offered on invited rows. */
  onResetMfa?: (user: User) => void;
  /** An invited person's row: mail a new link / withdraw the invitation. */
  onResend?: (user: User) => void;
  onRevoke?: (user: User) => void;
  /** The id of the person whose invitation is being re-sent, if any. */
  resendingId?: string | null;
}

/** The user list with inline role editing: one row at a time, role preselected, Save/Cancel. */
export function UserTable(props: UserTableProps) {
  const { users, loading, skeletonRows, roleLabel, showLastLoggedIn, canManage, saving } = props;
  const [editing, setEditing] = useState<{ id: string; role: RoleName } | null>(null);
  const columns = showLastLoggedIn ? 4 : 3;
  const resetButton = (user: User, actions: UserActions) =>
    props.onResetMfa &&
    actions.resetMfa &&
    user.status !== 'invited' && (
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Reset two-step verification of ${user.email}`}
        onClick={() => props.onResetMfa?.(user)}
      >
        Reset two-step
      </Button>
    );
  if (!loading && users.length === 0)
    return (
      <EmptyState
        title={props.empty.title}
        text={
          props.search.trim()
            ? `No name or email contains "${props.search.trim()}".`
            : props.empty.text
        }
      />
    );
  const header = (label: string, column: UserSortKey) => (
    <SortableHeader label={label} column={column} sort={props.sort} onSort={props.onSort} />
  );
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <caption className="visually-hidden">Users</caption>
        <thead>
          <tr>
            {header('Email Address', 'email')}
            {header('Role', 'role')}
            {showLastLoggedIn && header('Last Logged In', 'lastLoggedIn')}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <SkeletonRows rows={skeletonRows} columns={columns} />
          ) : (
            users.map((user) => {
              const isEditing = editing?.id === user.id;
              const actions = props.actionsFor(user);
              return (
                <tr key={user.id}>
                  <td data-label="Email Address">
                    {/* The name the person set on My account, above the address that identifies them. */}
                    {user.firstName && <span className="user-name">{displayName(user)}</span>}
                    {/* One box for the address and its badge: on a phone the address wraps inside
                        it (anywhere, it has no spaces) while the badge stays whole beside it. */}
                    <span className="user-email">
                      <span className="user-email__address">{user.email}</span>
                      {user.status === 'invited' && <Badge tone="warning">Invited</Badge>}
                    </span>
                    {user.status === 'invited' && invitationText(user.invitationExpiresAt) && (
                      <span className="user-invitation">
                        {invitationText(user.invitationExpiresAt)}
                      </span>
                    )}
                  </td>
                  <td data-label="Role">
                    {isEditing ? (
                      <select
                        className="input select"
                        aria-label={`Role for ${user.email}`}
                        value={editing.role}
                        onChange={(event) =>
                          setEditing({ id: user.id, role: event.target.value as RoleName })
                        }
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <Badge tone={roleLabel(user).includes('Admin') ? 'primary' : 'neutral'}>
                        {roleLabel(user)}
                      </Badge>
                    )}
                  </td>
                  {showLastLoggedIn && (
                    <td data-label="Last Logged In">{lastLoggedInText(user.lastLoggedIn)}</td>
                  )}
                  <td data-label="Actions">
                    {!canManage ? (
                      <Badge>View Only</Badge>
                    ) : !actions.edit && !actions.delete ? (
                      <div className="table__actions">
                        <Badge>{actions.note}</Badge>
                        {resetButton(user, actions)}
                      </div>
                    ) : isEditing ? (
                      <div className="table__actions">
                        <Button
                          size="sm"
                          disabled={saving}
                          onClick={() =>
                            props.onSaveRole(user, editing.role, () => setEditing(null))
                          }
                        >
                          {saving ? 'Saving...' : 'Save'}
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={saving}
                          onClick={() => setEditing(null)}
                        >
                          Cancel
                        </Button>
                      </div>
                    ) : (
                      <div className="table__actions">
                        {actions.edit && (
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Edit ${user.email}`}
                            onClick={() =>
                              setEditing({ id: user.id, role: initialEditRole(user.roles) })
                            }
                          >
                            Edit
                          </Button>
                        )}
                        {actions.delete &&
                          user.status === 'invited' &&
                          props.onResend &&
                          props.onRevoke && (
                            <>
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-label={`Resend invitation to ${user.email}`}
                                disabled={props.resendingId === user.id}
                                onClick={() => props.onResend?.(user)}
                              >
                                {props.resendingId === user.id ? 'Sending...' : 'Resend'}
                              </Button>
                              <Button
                                variant="ghost-danger"
                                size="sm"
                                aria-label={`Revoke invitation of ${user.email}`}
                                onClick={() => props.onRevoke?.(user)}
                              >
                                Revoke
                              </Button>
                            </>
                          )}
                        {resetButton(user, actions)}
                        {actions.delete && (
                          <Button
                            variant="ghost-danger"
                            size="sm"
                            aria-label={`Delete ${user.email}`}
                            onClick={() => props.onDelete(user)}
                          >
                            Delete
                          </Button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
