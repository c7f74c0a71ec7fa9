import type { Tenant, TenantStatus, Theme } from '@canopy/portal-contract';

/** The modal's form: spec §3 defaults (primary #2563eb, theme dark, create a workspace). */
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

/** Spec §9: the workspace created with a tenant is named "<tenant name> - <current year>". */
export const workspaceName = (name: string, now = new Date()) =>
  `${name.trim() || 'Tenant'} - ${now.getFullYear()}`;
