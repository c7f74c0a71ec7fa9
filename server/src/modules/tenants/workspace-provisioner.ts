import { AppError } from '../../errors.ts';

/**
 * Creates and removes the analytics workspace (Power BI group) a tenant's reports live in. The
 * tenant service calls it; the analytics module (modules/analytics/) supplies the real
 * implementation and decorates the app with it as `app.workspaces` (see plugins/app/services.ts).
 *
 * Contract:
 * - `create` returns the new workspace's id, stored as the tenant's `powerBiGroupId`, and the
 *   service principal profile it belongs to when analytics profiles are on (stored as the
 *   tenant's `analytics_profile_id`; every later call for the tenant acts as it). It runs
 *   inside the tenant's creation transaction: when it throws, no tenant row remains. Throw an
 *   `AppError` (e.g. `ANALYTICS_UNAVAILABLE`) so the client gets a stable code. It must not
 *   query the database itself: on PGlite (one connection) it would wait for that transaction.
 * - `remove` is called after a tenant is deleted, best effort: a failure is logged and audited,
 *   the deletion stands. It also deletes the tenant's profile, if it has one.
 */
export interface WorkspaceProvisioner {
  create(tenant: { id: string; name: string }): Promise<ProvisionedWorkspace>;
  remove(powerBiGroupId: string, analyticsProfileId?: string | null): Promise<void>;
}

export interface ProvisionedWorkspace {
  powerBiGroupId: string;
  /** The tenant's service principal profile; absent: the workspace is the principal's. */
  analyticsProfileId?: string;
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
