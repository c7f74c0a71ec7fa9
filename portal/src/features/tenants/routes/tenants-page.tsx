import type { Tenant } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { useListView } from '../../../shared/hooks/use-list-view.ts';
import { PAGE_SIZE } from '../../../shared/rules/pagination.ts';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { SortSelect } from '../../../shared/ui/sort-select.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useDeleteTenant } from '../api/tenant-mutations.ts';
import {
  EMPTY_TENANT_FORM,
  formFromTenant,
  type TenantForm,
} from '../components/tenant-form-state.ts';
import { TenantModal } from '../components/tenant-modal.tsx';
import { TenantTable } from '../components/tenant-table.tsx';
import { TENANT_LIST_RULES, TENANT_SORT_CHOICES, TENANT_SORT_KEYS } from '../rules/tenant-list.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Button } from '../../../shared/ui/button.tsx';

/** The modal closes with a 250 ms exit animation, then its form resets. */
export const MODAL_EXIT_MS = 250;

type ModalState = 'closed' | 'open' | 'closing';

export default function TenantsPage() {
  const tenants = useQuery(tenantsQuery());
  const list = tenants.data ?? [];
  const view = useListView(list, {
    ...TENANT_LIST_RULES,
    size: PAGE_SIZE.tenants,
    loading: tenants.isPending,
    sortKeys: TENANT_SORT_KEYS,
  });
  const remove = useDeleteTenant();
  const [modal, setModal] = useState<ModalState>('closed');
  const [editing, setEditing] = useState<Tenant | null>(null);
  const [form, setForm] = useState<TenantForm>(EMPTY_TENANT_FORM);
  const exitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useErrorToast(tenants.isError, 'Failed to fetch tenants');
  useEffect(() => () => clearTimeout(exitTimer.current), []);

  const openModal = (tenant: Tenant | null) => {
    clearTimeout(exitTimer.current);
    setEditing(tenant);
    setForm(tenant ? formFromTenant(tenant) : EMPTY_TENANT_FORM);
    setModal('open');
  };
  const closeModal = () => {
    setModal('closing');
    exitTimer.current = setTimeout(() => {
      setModal('closed');
      setEditing(null);
      setForm(EMPTY_TENANT_FORM);
    }, MODAL_EXIT_MS);
  };

  const onDelete = async (tenant: Tenant) => {
    const ok = await confirmAction(
      `Are you sure you want to delete tenant "${tenant.name}"? This action cannot be undone.`,
    );
    if (!ok) return;
    remove.mutate(tenant, {
      onSuccess: () => toast.success(`Tenant "${tenant.name}" deleted successfully`),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status === 0
            ? 'Network error while deleting tenant'
            : `Failed to delete tenant: ${error.message}`,
        ),
    });
  };

  return (
    <>
      <PageHeader
        title="Tenant Management"
        subtitle="Create and manage tenant organizations, their branding and workspaces."
        badge={<Badge tone="primary">Super Admin</Badge>}
        actions={<Button onClick={() => openModal(null)}>Add Tenant</Button>}
      />
      {/* A failed load is not an empty list: the error alone, never "No tenants found" under it. */}
      {tenants.isError ? (
        <ErrorCard message="Failed to fetch tenants" />
      ) : (
        <Card>
          <div className="list-controls">
            <div className="list-controls__search">
              <TextField
                label="Search Tenants"
                type="search"
                placeholder="Search by name or admin email..."
                value={view.search}
                onChange={(event) => view.setSearch(event.target.value)}
              />
            </div>
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
            onEdit={openModal}
            onDelete={(tenant) => void onDelete(tenant)}
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
      {modal !== 'closed' && (
        <TenantModal
          editing={editing}
          open
          closing={modal === 'closing'}
          form={form}
          setForm={setForm}
          onClose={closeModal}
        />
      )}
    </>
  );
}
