import type { User } from '@canopy/portal-contract';

/** Tenants whose lists are kept; the least recently used goes first. */
const MAX_TENANTS = 1000;

/**
 * Each tenant's list of people as last read by this instance, with the tenant's people version at
 * the time (`tenant_people_versions`, bumped by triggers on every change the list shows).
 *
 * A request reads the version first (one single-row query) and uses the kept list only when the
 * version is the same; otherwise it reads the list and keeps it under the version it read before.
 * The list read comes after the version read, so it is at least that fresh: a list kept under
 * version n never predates n. There is nothing to invalidate and nothing to listen to — the check
 * is on every request, on every instance, so a change is seen at once everywhere (read-your-writes
 * included), whatever made it.
 */
export class TenantPeopleCache {
  private readonly lists = new Map<string, { version: number; users: User[] }>();

  get(tenantId: string, version: number): User[] | undefined {
    const entry = this.lists.get(tenantId);
    if (!entry || entry.version !== version) return undefined;
    this.lists.delete(tenantId);
    this.lists.set(tenantId, entry);
    return entry.users;
  }

  store(tenantId: string, version: number, users: User[]): void {
    this.lists.delete(tenantId);
    if (this.lists.size >= MAX_TENANTS) {
      const oldest = this.lists.keys().next().value;
      if (oldest !== undefined) this.lists.delete(oldest);
    }
    this.lists.set(tenantId, { version, users });
  }
}
