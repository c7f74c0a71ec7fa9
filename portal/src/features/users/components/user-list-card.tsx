import type { User } from '@canopy/portal-contract';
import { useState } from 'react';
import { usePaged } from '../../../shared/hooks/use-page-state.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { userActions } from '../rules/user-actions.ts';
import { matchesRole, RoleFilter, type RoleFilterValue } from './role-filter.tsx';
import { UserTable, type UserTableProps } from './user-table.tsx';

export type UserListCardProps = Omit<UserTableProps, 'users' | 'skeletonRows' | 'actionsFor'> & {
  users: User[];
  pageSize: number;
  /** The signed-in person's id (their own row offers no actions); null for a super admin. */
  selfId: string | null;
};

/**
 * "Users (count)" with the role filter, the table and the pager (shown only with more than one
 * page). Changing the filter goes back to page 1 (spec §4).
 */
export function UserListCard({ users, pageSize, selfId, ...table }: UserListCardProps) {
  const [filter, setFilter] = useState<RoleFilterValue>('all');
  const filtered = users.filter((user) => matchesRole(user.roles, filter));
  const paged = usePaged(filtered, pageSize);
  return (
    <Card>
      <div className="toolbar">
        <h2 className="card__title">Users ({filtered.length})</h2>
        <RoleFilter
          value={filter}
          onChange={(value) => {
            setFilter(value);
            paged.setPage(1);
          }}
        />
      </div>
      <UserTable
        {...table}
        users={paged.rows}
        skeletonRows={pageSize}
        actionsFor={(user) => userActions(user, users, selfId)}
      />
      {paged.pages > 1 && (
        <Pagination
          label="User pages"
          showPageOf
          page={paged.page}
          pages={paged.pages}
          size={pageSize}
          total={filtered.length}
          onPage={paged.setPage}
        />
      )}
    </Card>
  );
}
