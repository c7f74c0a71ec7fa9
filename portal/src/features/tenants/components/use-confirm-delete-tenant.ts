import type { Tenant } from '@canopy/portal-contract';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useDeleteTenant } from '../api/tenant-mutations.ts';

/** Delete a tenant after the person confirms, and say how it went. */
export function useConfirmDeleteTenant() {
  const remove = useDeleteTenant();
  return async (tenant: Tenant) => {
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
}
