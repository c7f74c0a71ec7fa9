import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Timestamp columns, used as `Generated<CreatedAt>` (the database fills them in). Plain `Date`:
 * a `ColumnType` inside `Generated` would make selected rows carry the wrapper type, not a Date.
 */
export type CreatedAt = Date;
export type UpdatedAt = Date;

export interface TenantsTable {
  id: Generated<string>;
  name: string;
  admin_email: string;
  status: 'active' | 'inactive';
  logo_url: string | null;
  primary_color: string;
  theme: 'dark' | 'light';
  power_bi_group_id: string | null;
  created_at: Generated<CreatedAt>;
  updated_at: Generated<UpdatedAt>;
}
export type TenantRow = Selectable<TenantsTable>;
export type NewTenantRow = Insertable<TenantsTable>;
export type TenantUpdate = Updateable<TenantsTable>;
