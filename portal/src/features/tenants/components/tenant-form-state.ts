import {
  CreateTenantRequest,
  HexColor,
  TenantStatus,
  Theme,
  type Tenant,
} from '@canopy/portal-contract';
import { z } from 'zod';
import { filled } from '../../../shared/forms/form-rules.ts';

/**
 * The modal's form, checked with the contract's name and admin email (an empty email is asked
 * for first). The logo is the upload's own URL; the server checks it.
 */
export const TenantFormSchema = z.object({
  name: CreateTenantRequest.shape.name,
  adminEmail: filled('Admin email is required').pipe(CreateTenantRequest.shape.adminEmail),
  status: TenantStatus,
  logoUrl: z.string().nullable(),
  primaryColor: HexColor,
  theme: Theme,
  createPowerBIWorkspace: z.boolean(),
});
export type TenantForm = z.input<typeof TenantFormSchema>;

/** A new tenant starts with primary #2563eb, theme dark and a new workspace. */
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
