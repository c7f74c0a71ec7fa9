import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../shared/timestamps.ts';

export interface TenantsTable {
  id: Generated<string>;
  name: string;
  admin_email: string;
  status: 'active' | 'inactive';
  logo_url: string | null;
  primary_color: string;
  theme: 'dark' | 'light';
  power_bi_group_id: string | null;
  /**
   * The service principal profile the tenant's workspace belongs to; every analytics call for the
   * tenant acts as it (X-PowerBI-profile-id). Null: the service principal itself.
   */
  analytics_profile_id: string | null;
  /** IANA zone the tenant's schedules run in (report subscriptions); 'UTC' by default. */
  time_zone: Generated<string>;
  /** Every person of the tenant must use two-step verification. */
  require_mfa: Generated<boolean>;
  created_at: Generated<CreatedAt>;
  updated_at: Generated<UpdatedAt>;
}
export type TenantRow = Selectable<TenantsTable>;
export type NewTenantRow = Insertable<TenantsTable>;
export type TenantUpdate = Updateable<TenantsTable>;
