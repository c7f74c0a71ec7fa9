import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CreatedAt } from '../../shared/timestamps.ts';

export interface UsersTable {
  id: Generated<string>;
  /** Lower-cased; unique across the whole portal (one index on lower(email)). */
  email: string;
  /** Null for super administrators, who belong to no tenant. */
  tenant_id: string | null;
  is_super_admin: Generated<boolean>;
  /** argon2id PHC string; null while an invited account has not set its password. */
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  last_logged_in: Date | null;
  created_at: Generated<CreatedAt>;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface UserRolesTable {
  user_id: string;
  role: 'Admin' | 'Viewer';
}

/** Bumped by triggers whenever a tenant's list of people changes (see tenant-people-cache.ts). */
export interface TenantPeopleVersionsTable {
  tenant_id: string;
  version: number;
}
