import type { User } from '@canopy/portal-contract';
import { useListView, type ListFilter } from '../../../shared/hooks/use-list-view.ts';
import { ROLES } from '../../../shared/rules/roles.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { SortSelect } from '../../../shared/ui/sort-select.tsx';
import { userActions } from '../rules/user-actions.ts';
import { USER_LIST_RULES, USER_SORT_KEYS, userSortChoices } from '../rules/user-list.ts';
import { matchesRole, RoleFilter, type RoleFilterValue } from './role-filter.tsx';
import { UserTable, type UserTableProps } from './user-table.tsx';

export type UserListCardProps = Omit<
  UserTableProps,
  'users' | 'skeletonRows' | 'actionsFor' | 'sort' | 'onSort' | 'search'
> & {
  users: User[];
  pageSize: number;
  /** The signed-in person's id (their own row offers no actions); null for a super admin. */
  selfId: string | null;
};

const FILTERS: Record<string, ListFilter<User>> = {
  role: {
    values: ROLES,
    matches: (user, role) => matchesRole(user.roles, role as RoleFilterValue),
  },
};

/**
 * "Users (count)" with the search, the role filter, the sortable table and the pager (shown only
 * with more than one page). All of it is in the URL; a new search or filter goes back to page 1.
 */
export function UserListCard({ users, pageSize, selfId, ...table }: UserListCardProps) {
  const view = useListView(users, {
    ...USER_LIST_RULES,
    filters: FILTERS,
    size: pageSize,
    loading: table.loading,
    sortKeys: USER_SORT_KEYS,
  });
  return (
    <Card>
      <div className="list-controls">
        <SearchField
          label="Search Users"
          placeholder="Search by name or email..."
          value={view.search}
          onSearch={view.setSearch}
        />
        <SortSelect
          choices={userSortChoices(table.showLastLoggedIn)}
          sort={view.sort}
          onSort={view.setSort}
        />
        <RoleFilter
          value={(view.filter('role') as RoleFilterValue | null) ?? 'all'}
          onChange={(value) => view.setFilter('role', value === 'all' ? null : value)}
        />
      </div>
      <div className="toolbar">
        <h2 className="card__title">Users ({view.total})</h2>
      </div>
      <UserTable
        {...table}
        users={view.rows}
        skeletonRows={pageSize}
        sort={view.sort}
        onSort={view.sortBy}
        search={view.search}
        actionsFor={(user) => userActions(user, users, selfId)}
      />
      {view.pages > 1 && (
        <Pagination
          label="User pages"
          showPageOf
          page={view.page}
          pages={view.pages}
          size={pageSize}
          total={view.total}
          onPage={view.setPage}
        />
      )}
    </Card>
  );
}
