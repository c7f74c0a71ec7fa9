import type { Group } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Badge, Card, PageHeader } from '../../../shared/ui/bits.tsx';
import { Button, ButtonLink } from '../../../shared/ui/button.tsx';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { DataTable, type Column } from '../../../shared/ui/data-table.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { groupsQuery, useGroupMutations } from '../api/groups-api.ts';
import { GroupFormDialog } from '../components/group-form-dialog.tsx';
import { useGroupsTenant } from '../components/use-groups-tenant.ts';
import { groupNameError } from '../rules/access-reasons.ts';
import '../groups.css';

const LOAD_FAILED = 'Failed to load groups';

/**
 * /tenant/groups and /admin/tenants/:tenantId/groups: the tenant's groups with their member and
 * report counts; create, rename, delete (after a confirmation). A group's name opens its detail.
 */
export default function GroupsPage() {
  const { tenantId, superAdmin, tenantName, base } = useGroupsTenant();
  const groups = useQuery({ ...groupsQuery(tenantId), enabled: !!tenantId });
  const { create, update, remove } = useGroupMutations(tenantId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Group | null>(null);
  const list = groups.data ?? [];

  useErrorToast(groups.isError, LOAD_FAILED);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = groupNameError(name, list);
    setNameError(error);
    if (error) return;
    create.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: (group) => {
          toast.success(`Group "${group.name}" created`);
          setName('');
          setDescription('');
        },
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to create group')),
      },
    );
  };

  const onDelete = async (group: Group) => {
    const ok = await confirmAction(
      `Delete the group "${group.name}"? Its ${group.memberCount} member(s) lose the access it gives at once.`,
    );
    if (!ok) return;
    remove.mutate(group.id, {
      onSuccess: () => toast.success(`Group "${group.name}" deleted`),
      onError: (failure) => toast.error(errorMessage(failure, 'Failed to delete group')),
    });
  };

  const needle = search.trim().toLowerCase();
  const shown = list.filter(
    (group) =>
      !needle ||
      group.name.toLowerCase().includes(needle) ||
      group.description.toLowerCase().includes(needle),
  );
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
            onClick={() => setEditing(group)}
          >
            Rename
          </Button>
          <Button
            variant="ghost-danger"
            size="sm"
            aria-label={`Delete ${group.name}`}
            onClick={() => void onDelete(group)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

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
      <Card title="Create Group">
        <form onSubmit={submit} noValidate>
          <div className="form-grid">
            <TextField
              label="Group name"
              value={name}
              maxLength={80}
              error={nameError}
              onChange={(event) => setName(event.target.value)}
            />
            <TextField
              label="Description (optional)"
              value={description}
              maxLength={500}
              onChange={(event) => setDescription(event.target.value)}
            />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Group'}
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        <div className="list-controls">
          <div className="list-controls__search">
            <TextField
              label="Search Groups"
              type="search"
              placeholder="Search by name or description..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="toolbar">
          <h2 className="card__title">Groups ({shown.length})</h2>
        </div>
        <DataTable
          caption="Groups"
          className="table--stack"
          columns={columns}
          rows={shown}
          rowKey={(group) => group.id}
          state={
            groups.isError
              ? { status: 'error', message: errorMessage(groups.error, LOAD_FAILED) }
              : groups.isPending
                ? { status: 'loading' }
                : { status: 'ready' }
          }
          empty={
            needle
              ? { title: 'No groups found', text: 'No group matches the search.' }
              : { title: 'No groups yet', text: 'Create a group above to get started.' }
          }
          skeletonRows={3}
        />
      </Card>
      {editing && (
        <GroupFormDialog
          group={editing}
          others={list.filter((group) => group.id !== editing.id)}
          saving={update.isPending}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            update.mutate(
              { groupId: editing.id, body },
              {
                onSuccess: (group) => {
                  toast.success(`Group "${group.name}" updated`);
                  setEditing(null);
                },
                onError: (failure) => toast.error(errorMessage(failure, 'Failed to update group')),
              },
            )
          }
        />
      )}
    </>
  );
}
