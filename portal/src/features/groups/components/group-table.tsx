import type { Group } from '@canopy/portal-contract';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { DataTable, type Column, type TableState } from '../../../shared/ui/data-table.tsx';
import { groupsEmptyText } from '../rules/group-list.ts';

export interface GroupTableProps {
  rows: readonly Group[];
  state: TableState;
  /** The search typed: an empty list then says nothing matched. */
  search: string;
  /** Where the groups screens live for this person (a group's name links to its detail). */
  base: string;
  onRename: (group: Group) => void;
  onDelete: (group: Group) => void;
}

/** The groups with their member and report counts, Rename and Delete on each row. */
export function GroupTable({ rows, state, search, base, onRename, onDelete }: GroupTableProps) {
  const columns: Column<Group>[] = [
    {
      header: 'Name',
      cell: (group) => (
        <Link className="group-link" to={`${base}/groups/${group.id}`}>
          {group.name}
        </Link>
      ),
    },
    {
      header: 'Description',
      cell: (group) => group.description || <span className="muted">—</span>,
    },
    { header: 'Members', cell: (group) => group.memberCount, className: 'num' },
    { header: 'Reports', cell: (group) => group.reportIds.length, className: 'num' },
    {
      header: 'Actions',
      cell: (group) => (
        <div className="table__actions">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Rename ${group.name}`}
            onClick={() => onRename(group)}
          >
            Rename
          </Button>
          <Button
            variant="ghost-danger"
            size="sm"
            aria-label={`Delete ${group.name}`}
            onClick={() => onDelete(group)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Groups"
      className="table--stack"
      columns={columns}
      rows={rows}
      rowKey={(group) => group.id}
      state={state}
      empty={groupsEmptyText(search)}
      skeletonRows={3}
    />
  );
}
