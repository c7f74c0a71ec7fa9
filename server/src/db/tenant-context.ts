import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database work of the current call chain may touch: the second line of tenant
 * separation (the first is `tenantScope` in the services). While `tenantId` is set, every
 * connection the pool hands out runs as the `canopy_tenant` role with that tenant in
 * `canopy.tenant_id`, and PostgreSQL's row-level security hides every other tenant's rows
 * (see tenant-scoped-driver.ts and docs/decisions/0002-tenant-separation-in-two-lines.md).
 * Without it, work runs as the server's own database user: the service path.
 */
export interface DbScope {
  /** The tenant the database restricts this work to. */
  tenantId?: string;
  /** Why this work runs on the service path (super administrator, background worker, …). */
  service?: string;
}

const storage = new AsyncLocalStorage<DbScope>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A tenant id as the driver may write it into SQL: nothing but a canonical uuid passes, so the
 * setting can never carry anything else.
 */
export function checkedTenantId(tenantId: string): string {
  if (!UUID.test(tenantId)) throw new Error('A tenant scope needs a tenant id (a uuid)');
  return tenantId.toLowerCase();
}

/** The tenant the current work is restricted to, if any. */
export const scopedTenantId = (): string | undefined => storage.getStore()?.tenantId;

/** The scope of the current work (the request's, a worker's), if one was entered. */
export const currentDbScope = (): DbScope | undefined => storage.getStore();

/**
 * Runs `work` with `scope` as the current scope. A request enters its scope once, empty, and the
 * authentication hook fills in the tenant (the object is shared, so later code sees it).
 */
export function runInDbScope<T>(scope: DbScope, work: () => T): T {
  if (scope.tenantId !== undefined) scope.tenantId = checkedTenantId(scope.tenantId);
  return storage.run(scope, work);
}

/** Runs `work` with the database restricted to one tenant's rows (a worker acting for it). */
export function asTenant<T>(tenantId: string, work: () => T): T {
  return storage.run({ tenantId: checkedTenantId(tenantId) }, work);
}

/**
 * Runs `work` on the service path, named by `reason`: row-level security does not restrict it.
 * Callers are the places that act for no single tenant (notification fan-out, workers picking
 * jobs of every tenant); a tenant scope inherited from whatever started them is dropped.
 */
export function asService<T>(reason: string, work: () => T): T {
  return storage.run({ service: reason }, work);
}
