import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { AnalyticsClient } from './analytics-client.ts';
import type { AnalyticsSettings } from './analytics-settings.ts';

/** The part of a tenant row that decides whose identity its analytics calls use. */
export interface TenantAnalyticsIdentity {
  /** The tenant's service principal profile; null: the service principal itself (profiles off). */
  analytics_profile_id: string | null;
}

/**
 * The one way the portal's modules reach the analytics service. It has no REST methods of its own:
 * a call made for a tenant goes through `forTenant`, which returns a client acting as that tenant's
 * profile (every call carries X-PowerBI-profile-id) or, for a tenant without one, as the service
 * principal. So no code path can call a tenant's workspace while forgetting the header. The
 * principal itself (`servicePrincipal`) is for what belongs to no tenant: creating and deleting
 * profiles, and sharing the template with them (analytics-profiles.ts).
 *
 * What decides is the profile stored with the tenant, not `profiles`: turning profiles off never
 * cuts off a tenant whose workspace already belongs to its profile; it only stops new tenants from
 * getting one (see docs/portal-operations.md, "One profile per tenant").
 */
export class AnalyticsGateway {
  readonly settings: AnalyticsSettings;

  constructor(
    private readonly client: AnalyticsClient,
    /** CANOPY_ANALYTICS_PROFILES: new tenants get a profile of their own. */
    readonly profiles: boolean,
  ) {
    this.settings = client.settings;
  }

  /** The client for every call made for this tenant. */
  forTenant(tenant: TenantAnalyticsIdentity): AnalyticsClient {
    return tenant.analytics_profile_id === null
      ? this.client
      : this.client.asProfile(tenant.analytics_profile_id);
  }

  /** `forTenant` for a tenant known by id (404 TENANT_NOT_FOUND when it is gone). */
  async forTenantId(db: Db, tenantId: string): Promise<AnalyticsClient> {
    const tenant = await db
      .selectFrom('tenants')
      .select('analytics_profile_id')
      .where('id', '=', tenantId)
      .executeTakeFirst();
    if (!tenant) throw new AppError('TENANT_NOT_FOUND');
    return this.forTenant(tenant);
  }

  /** The service principal as itself: profiles and the template only, never a tenant's workspace. */
  servicePrincipal(): AnalyticsClient {
    return this.client;
  }
}
