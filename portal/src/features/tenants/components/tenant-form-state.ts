import type { Tenant, TenantStatus, Theme } from '@canopy/portal-contract';

/** The modal's form. A new tenant starts with primary #2563eb, theme dark and a new workspace. */
export interface TenantForm {
  name: string;
  adminEmail: string;
  status: TenantStatus;
  logoUrl: string | null;
  primaryColor: string;
  theme: Theme;
  createPowerBIWorkspace: boolean;
}

export const EMPTY_TENANT_FORM: TenantForm = {
  name: '',
  adminEmail: '',
  status: 'active',
  logoUrl: null,
  primaryColor: '#2563eb',
  theme: 'dark',
  createPowerBIWorkspace: true,
};

export const formFromTenant = (tenant: Tenant): TenantForm => ({
  name: tenant.name,
  adminEmail: tenant.adminEmail,
  status: tenant.status,
  logoUrl: tenant.logoUrl,
  primaryColor: tenant.primaryColor,
  theme: tenant.theme,
  createPowerBIWorkspace: false,
});

/** The workspace created with a tenant is named "<tenant name> - <current year>". */
export const workspaceName = (name: string, now = new Date()) =>
  `${name.trim() || 'Tenant'} - ${now.getFullYear()}`;
