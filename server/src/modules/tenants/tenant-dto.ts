import type { Tenant, TenantSettings } from '@canopy/portal-contract';
import type { TenantRow } from '../../db/tables/tenants.table.ts';

export const toTenant = (row: TenantRow): Tenant => ({
  id: row.id,
  name: row.name,
  adminEmail: row.admin_email,
  status: row.status,
  logoUrl: row.logo_url,
  primaryColor: row.primary_color,
  theme: row.theme,
  powerBiGroupId: row.power_bi_group_id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const toTenantSettings = (row: TenantRow): TenantSettings => ({
  logoUrl: row.logo_url,
  primaryColor: row.primary_color,
  theme: row.theme,
  powerBiGroupId: row.power_bi_group_id,
  timeZone: row.time_zone,
});
