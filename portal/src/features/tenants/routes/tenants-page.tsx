import { useQuery } from '@tanstack/react-query';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { useListView } from '../../../shared/hooks/use-list-view.ts';
import { PAGE_SIZE } from '../../../shared/rules/pagination.ts';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { SortSelect } from '../../../shared/ui/sort-select.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { useConfirmDeleteTenant } from '../components/use-confirm-delete-tenant.ts';
import { TenantModal } from '../components/tenant-modal.tsx';
import { TenantTable } from '../components/tenant-table.tsx';
import { useTenantEditor } from '../components/use-tenant-editor.ts';
import { TENANT_LIST_RULES, TENANT_SORT_CHOICES, TENANT_SORT_KEYS } from '../rules/tenant-list.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Button } from '../../../shared/ui/button.tsx';

export default function TenantsPage() {
  const tenants = useQuery(tenantsQuery());
  const list = tenants.data ?? [];
  const view = useListView(list, {
    ...TENANT_LIST_RULES,
    size: PAGE_SIZE.tenants,
    loading: tenants.isPending,
    sortKeys: TENANT_SORT_KEYS,
  });
  const editor = useTenantEditor();
  const confirmDelete = useConfirmDeleteTenant();
  useErrorToast(tenants.isError, 'Failed to fetch tenants');

  return (
    <>
      <PageHeader
        title="Tenant Management"
        subtitle="Create and manage tenant organizations, their branding and workspaces."
        badge={<Badge tone="primary">Super Admin</Badge>}
        actions={<Button onClick={() => editor.open(null)}>Add Tenant</Button>}
      />
      {/* A failed load is not an empty list: the error alone, never "No tenants found" under it. */}
      {tenants.isError ? (
        <ErrorCard message="Failed to fetch tenants" />
      ) : (
        <Card>
          <div className="list-controls">
            <SearchField
              label="Search Tenants"
              placeholder="Search by name or admin email..."
              value={view.search}
              onSearch={view.setSearch}
            />
            <SortSelect choices={TENANT_SORT_CHOICES} sort={view.sort} onSort={view.setSort} />
          </div>
          <div className="toolbar">
            <h2 className="card__title">Tenants ({view.total})</h2>
          </div>
          <TenantTable
            rows={view.rows}
            loading={tenants.isPending}
            skeletonRows={PAGE_SIZE.tenants}
            search={view.search}
            sort={view.sort}
            onSort={view.sortBy}
            onEdit={editor.open}
            onDelete={(tenant) => void confirmDelete(tenant)}
          />
          {view.total > 0 && (
            <Pagination
              label="Tenant pages"
              page={view.page}
              pages={view.pages}
              size={PAGE_SIZE.tenants}
              total={view.total}
              onPage={view.setPage}
            />
          )}
        </Card>
      )}
      {editor.shown && (
        <TenantModal
          key={editor.session}
          editing={editor.editing}
          closing={editor.closing}
          onClose={editor.close}
        />
      )}
    </>
  );
}
