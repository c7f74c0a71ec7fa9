import { AppError } from '../../errors.ts';

/**
 * Creates and removes the analytics workspace (Power BI group) a tenant's reports live in. The
 * tenant service calls it; the analytics module (modules/analytics/) supplies the real
 * implementation and decorates the app with it as `app.workspaces` (see plugins/app/services.ts).
 *
 * Contract:
 * - `create` returns the new workspace's id, stored as the tenant's `powerBiGroupId`. It runs
 *   inside the tenant's creation transaction: when it throws, no tenant row remains. Throw an
 *   `AppError` (e.g. `ANALYTICS_UNAVAILABLE`) so the client gets a stable code. It must not
 *   query the database itself: on PGlite (one connection) it would wait for that transaction.
 * - `remove` is called after a tenant is deleted, best effort: a failure is logged and audited,
 *   the deletion stands.
 */
export interface WorkspaceProvisioner {
  create(tenant: { id: string; name: string }): Promise<{ powerBiGroupId: string }>;
  remove(powerBiGroupId: string): Promise<void>;
}

/**
 * The default until analytics is configured: it refuses, so a tenant asking for a workspace gets
 * a clear 503 `ANALYTICS_UNAVAILABLE` instead of a tenant that silently has none.
 */
export const unavailableWorkspaces: WorkspaceProvisioner = {
  create() {
    return Promise.reject(new AppError('ANALYTICS_UNAVAILABLE'));
  },
  remove() {
    return Promise.reject(new AppError('ANALYTICS_UNAVAILABLE'));
  },
};
