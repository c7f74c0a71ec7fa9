import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTableState } from '../../../shared/hooks/use-table-state.ts';
import { Badge, Card, PageHeader } from '../../../shared/ui/bits.tsx';
import { ButtonLink } from '../../../shared/ui/button.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { groupsQuery } from '../api/groups-api.ts';
import { CreateGroupCard } from '../components/create-group-card.tsx';
import { GroupFormDialog } from '../components/group-form-dialog.tsx';
import { GroupTable } from '../components/group-table.tsx';
import { useConfirmDeleteGroup } from '../components/use-confirm-delete-group.ts';
import { useGroupsTenant } from '../components/use-groups-tenant.ts';
import { useRenameGroup } from '../components/use-rename-group.ts';
import { filterGroups } from '../rules/group-list.ts';
import '../groups.css';

const LOAD_FAILED = 'Failed to load groups';

/**
 * /tenant/groups and /admin/tenants/:tenantId/groups: the tenant's groups with their member and
 * report counts; create, rename, delete (after a confirmation). A group's name opens its detail.
 */
export default function GroupsPage() {
  const { tenantId, superAdmin, tenantName, base } = useGroupsTenant();
  const groups = useQuery({ ...groupsQuery(tenantId), enabled: !!tenantId });
  const [search, setSearch] = useState('');
  const rename = useRenameGroup(tenantId);
  const confirmDelete = useConfirmDeleteGroup(tenantId);
  const list = groups.data ?? [];
  const shown = filterGroups(list, search);
  const state = useTableState(groups, LOAD_FAILED);

  return (
    <>
      <PageHeader
        title="Groups"
        subtitle={
          tenantName
            ? `Groups of ${tenantName}: a report granted to a group opens for all its members.`
            : 'A report granted to a group opens for all its members.'
        }
        badge={<Badge tone="primary">{superAdmin ? 'Super Admin' : 'Tenant Admin'}</Badge>}
        actions={
          <ButtonLink variant="secondary" to={`${base}/access`}>
            Access matrix
          </ButtonLink>
        }
      />
      <CreateGroupCard tenantId={tenantId} groups={list} />
      <Card>
        <div className="list-controls">
          <SearchField
            label="Search Groups"
            placeholder="Search by name or description..."
            value={search}
            onSearch={setSearch}
          />
        </div>
        <div className="toolbar">
          <h2 className="card__title">Groups ({shown.length})</h2>
        </div>
        <GroupTable
          rows={shown}
          state={state}
          search={search}
          base={base}
          onRename={rename.open}
          onDelete={(group) => void confirmDelete(group)}
        />
      </Card>
      {rename.editing && (
        <GroupFormDialog
          group={rename.editing}
          others={list.filter((group) => group.id !== rename.editing?.id)}
          saving={rename.saving}
          onClose={rename.close}
          onSave={rename.save}
        />
      )}
    </>
  );
}
