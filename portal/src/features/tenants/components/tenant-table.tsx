import type { Tenant } from '@canopy/portal-contract';
import { textOnColor } from '../../../shared/rules/brightness.ts';
import type { ListSort } from '../../../shared/rules/list-view.ts';
import { Badge } from '../../../shared/ui/bits.tsx';
import { DataTable, type Column } from '../../../shared/ui/data-table.tsx';
import type { TenantSortKey } from '../rules/tenant-list.ts';
import { Button, ButtonLink } from '../../../shared/ui/button.tsx';

export interface TenantTableProps {
  rows: Tenant[];
  loading: boolean;
  skeletonRows: number;
  /** The search text, when one is typed: the empty state then says nothing matched. */
  search: string;
  sort: ListSort<TenantSortKey> | null;
  onSort: (column: TenantSortKey) => void;
  onEdit: (tenant: Tenant) => void;
  onDelete: (tenant: Tenant) => void;
}

function Organization({ tenant }: { tenant: Tenant }) {
  return (
    <div className="org">
      {tenant.logoUrl ? (
        <img className="org__logo" src={tenant.logoUrl} alt="" />
      ) : (
        <span
          className="org__initial"
          style={{ background: tenant.primaryColor, color: textOnColor(tenant.primaryColor) }}
          aria-hidden="true"
        >
          {tenant.name.charAt(0).toUpperCase()}
        </span>
      )}
      <div>
        <div className="org__name">{tenant.name}</div>
        <div className="org__meta">
          <span className="swatch" style={{ background: tenant.primaryColor }} aria-hidden="true" />
          {tenant.primaryColor} · {tenant.theme === 'dark' ? 'Dark' : 'Light'} theme
        </div>
      </div>
    </div>
  );
}

export function TenantTable(props: TenantTableProps) {
  const { rows, loading, skeletonRows, search, sort, onSort, onEdit, onDelete } = props;
  const columns: Column<Tenant, TenantSortKey>[] = [
    { header: 'Organization', sortKey: 'name', cell: (tenant) => <Organization tenant={tenant} /> },
    { header: 'Admin Email', sortKey: 'adminEmail', cell: (tenant) => tenant.adminEmail },
    {
      header: 'Status',
      sortKey: 'status',
      cell: (tenant) => (
        <Badge tone={tenant.status === 'active' ? 'success' : 'warning'}>
          {tenant.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      cell: (tenant) => (
        <div className="table__actions">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Edit ${tenant.name}`}
            onClick={() => onEdit(tenant)}
          >
            Edit
          </Button>
          {tenant.powerBiGroupId && (
            <ButtonLink
              variant="ghost"
              size="sm"
              to={`/admin/tenants/${tenant.id}/reports`}
              aria-label={`Reports of ${tenant.name}`}
            >
              Reports
            </ButtonLink>
          )}
          <ButtonLink
            variant="ghost"
            size="sm"
            to={`/admin/tenants/${tenant.id}/data-integration`}
            aria-label={`Data Integration of ${tenant.name}`}
          >
            Data Integration
          </ButtonLink>
          <Button
            variant="ghost-danger"
            size="sm"
            aria-label={`Delete ${tenant.name}`}
            onClick={() => onDelete(tenant)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Tenants"
      className="table--stack"
      columns={columns}
      rows={rows}
      rowKey={(tenant) => tenant.id}
      state={{ status: loading ? 'loading' : 'ready' }}
      empty={{
        title: 'No tenants found',
        text: search.trim()
          ? `No tenant name or admin email contains "${search.trim()}".`
          : 'Add a tenant to get started.',
      }}
      skeletonRows={skeletonRows}
      sort={sort}
      onSort={onSort}
    />
  );
}
