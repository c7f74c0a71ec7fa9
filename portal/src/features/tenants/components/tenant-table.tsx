import type { Tenant } from '@canopy/portal-contract';
import { textOnColor } from '../../../shared/rules/brightness.ts';
import type { ListSort } from '../../../shared/rules/list-view.ts';
import { Badge, EmptyState, SkeletonRows } from '../../../shared/ui/bits.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
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
  if (!loading && rows.length === 0)
    return (
      <EmptyState
        title="No tenants found"
        text={
          search.trim()
            ? `No tenant name or admin email contains "${search.trim()}".`
            : 'Add a tenant to get started.'
        }
      />
    );
  const header = (label: string, column: TenantSortKey) => (
    <SortableHeader label={label} column={column} sort={sort} onSort={onSort} />
  );
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <caption className="visually-hidden">Tenants</caption>
        <thead>
          <tr>
            {header('Organization', 'name')}
            {header('Admin Email', 'adminEmail')}
            {header('Status', 'status')}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <SkeletonRows rows={skeletonRows} columns={4} />
          ) : (
            rows.map((tenant) => (
              <tr key={tenant.id}>
                <td data-label="Organization">
                  <Organization tenant={tenant} />
                </td>
                <td data-label="Admin Email">{tenant.adminEmail}</td>
                <td data-label="Status">
                  <Badge tone={tenant.status === 'active' ? 'success' : 'warning'}>
                    {tenant.status === 'active' ? 'Active' : 'Inactive'}
                  </Badge>
                </td>
                <td data-label="Actions">
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
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
