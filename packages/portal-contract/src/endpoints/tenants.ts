import { IdParams, Ok, TenantIdParams } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import { ReportSyncResult } from '../reports.ts';
import {
  CreateTenantRequest,
  Tenant,
  TenantList,
  TenantSettings,
  UpdateTenantRequest,
  UpdateTenantSettingsRequest,
  UploadResult,
} from '../tenants.ts';
import { analyticsFailures } from './reports.ts';

const tags = ['tenants'];
const failures = errors(400, 401, 403, 404);
const logoFailures = errors(400, 401, 403, 413, 415, 429);

/**
 * Tenants (super administrators), a tenant's branding (its people), the report sync of a tenant's
 * workspace, and the two logo uploads.
 */
export const tenantsEndpoints = {
  listTenants: endpoint({
    operationId: 'listTenants',
    method: 'GET',
    path: '/api/admin/tenants',
    summary: 'List every tenant',
    tags,
    access: 'superadmin',
    responses: { 200: TenantList, ...failures },
  }),
  getTenant: endpoint({
    operationId: 'getTenant',
    method: 'GET',
    path: '/api/admin/tenants/:id',
    summary: 'One tenant (super administrators: any; a tenant Admin: their own)',
    tags,
    // Tenant Admins may read their own tenant here: the SPA loads their branding from it.
    access: 'tenant-admin',
    params: IdParams,
    responses: { 200: Tenant, ...failures },
  }),
  createTenant: endpoint({
    operationId: 'createTenant',
    method: 'POST',
    path: '/api/admin/tenants',
    summary:
      'Create a tenant, invite its administrator, and make its analytics workspace unless createPowerBIWorkspace is false',
    description:
      "The admin email becomes the tenant's first Admin, invited by mail (7-day link). An " +
      'email that already belongs to someone is refused (409 ADMIN_EMAIL_TAKEN) and nothing ' +
      'is created.',
    tags,
    access: 'superadmin',
    body: CreateTenantRequest,
    responses: { 201: Tenant, ...failures, ...errors(409, 503) },
  }),
  updateTenant: endpoint({
    operationId: 'updateTenant',
    method: 'PUT',
    path: '/api/admin/tenants/:id',
    summary: 'Change a tenant',
    tags,
    access: 'superadmin',
    params: IdParams,
    body: UpdateTenantRequest,
    responses: { 200: Tenant, ...failures },
  }),
  deleteTenant: endpoint({
    operationId: 'deleteTenant',
    method: 'DELETE',
    path: '/api/admin/tenants/:id',
    summary: 'Delete a tenant with its people, sessions, grants, integrations and messages',
    tags,
    access: 'superadmin',
    params: IdParams,
    responses: { 200: Ok, ...failures },
  }),
  syncTenantReports: endpoint({
    operationId: 'syncTenantReports',
    method: 'POST',
    path: '/api/admin/tenants/:tenantId/reports/sync',
    summary: "Bring the server's report list in step with the tenant's workspace",
    tags: ['reports'],
    access: 'superadmin',
    params: TenantIdParams,
    responses: { 200: ReportSyncResult, ...analyticsFailures },
  }),
  getTenantSettings: endpoint({
    operationId: 'getTenantSettings',
    method: 'GET',
    path: '/api/tenants/:tenantId/settings',
    summary: "A tenant's branding and workspace id",
    tags,
    // Its people and super administrators; the service checks the tenant.
    access: 'signed-in',
    // The branding shows on the page where a first second factor is set up.
    mfaEnrolment: true,
    params: TenantIdParams,
    responses: { 200: TenantSettings, ...failures },
  }),
  updateTenantSettings: endpoint({
    operationId: 'updateTenantSettings',
    method: 'PUT',
    path: '/api/tenants/:tenantId/settings',
    summary: "Change the tenant's branding (that tenant's Admin)",
    tags,
    // The service requires the tenant's Admin role.
    access: 'tenant-user',
    params: TenantIdParams,
    body: UpdateTenantSettingsRequest,
    responses: { 200: TenantSettings, ...failures },
  }),
  uploadTenantLogo: endpoint({
    operationId: 'uploadTenantLogo',
    method: 'POST',
    path: '/api/admin/upload-logo',
    summary: 'Upload a tenant logo (multipart field "logo"; PNG, JPEG, GIF or WebP, ≤ 2 MB)',
    tags: ['uploads'],
    access: 'superadmin',
    consumes: ['multipart/form-data'],
    responses: { 200: UploadResult, ...logoFailures },
  }),
  uploadOwnTenantLogo: endpoint({
    operationId: 'uploadOwnTenantLogo',
    method: 'POST',
    path: '/api/upload-logo',
    summary:
      'Upload the caller\'s tenant logo (multipart field "logo"; PNG, JPEG, GIF or WebP, ≤ 2 MB)',
    tags: ['uploads'],
    access: 'tenant-admin',
    consumes: ['multipart/form-data'],
    responses: { 200: UploadResult, ...logoFailures },
  }),
};
