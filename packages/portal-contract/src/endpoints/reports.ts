import { Ok } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import {
  EmbedToken,
  EmbedTokenRequest,
  GrantRequest,
  ReportGrantList,
  ReportGrantsParams,
  ReportList,
  ReportListRequest,
  RevokeRequest,
  UsageReport,
} from '../reports.ts';

const tags = ['reports'];

/** The answers of endpoints that reach the analytics service (upstream failures are 502–504). */
export const analyticsFailures = errors(400, 401, 403, 404, 502, 503, 504);

/**
 * Reports and embed tokens, for tenant users (`/api/powerbi/…`) and for super administrators
 * (`/api/admin/powerbi/…`, any tenant's), report grants, and the report usage log.
 */
export const reportsEndpoints = {
  listMyReports: endpoint({
    operationId: 'listMyReports',
    method: 'POST',
    path: '/api/powerbi/reports',
    summary: "The reports of the caller's workspace the caller may open",
    tags,
    access: 'tenant-user',
    body: ReportListRequest,
    responses: { 200: ReportList, ...analyticsFailures },
  }),
  createEmbedToken: endpoint({
    operationId: 'createEmbedToken',
    method: 'POST',
    path: '/api/powerbi/embed-token',
    summary: "An embed token for one of the caller's reports",
    tags,
    access: 'tenant-user',
    body: EmbedTokenRequest,
    responses: { 200: EmbedToken, ...analyticsFailures },
  }),
  listTenantReports: endpoint({
    operationId: 'listTenantReports',
    method: 'POST',
    path: '/api/admin/powerbi/reports',
    summary: "The reports of any tenant's workspace the caller may open",
    tags,
    access: 'superadmin',
    body: ReportListRequest,
    responses: { 200: ReportList, ...analyticsFailures },
  }),
  createTenantEmbedToken: endpoint({
    operationId: 'createTenantEmbedToken',
    method: 'POST',
    path: '/api/admin/powerbi/embed-token',
    summary: "An embed token for one of any tenant's reports",
    tags,
    access: 'superadmin',
    body: EmbedTokenRequest,
    responses: { 200: EmbedToken, ...analyticsFailures },
  }),
  listReportGrants: endpoint({
    operationId: 'listReportGrants',
    method: 'GET',
    path: '/api/powerbi/permissions/:groupId/admin',
    summary: "Every report grant in a tenant's workspace",
    tags,
    access: 'superadmin',
    params: ReportGrantsParams,
    responses: { 200: ReportGrantList, ...analyticsFailures },
  }),
  grantReport: endpoint({
    operationId: 'grantReport',
    method: 'POST',
    path: '/api/powerbi/permissions/grant',
    summary: 'Let a Viewer open a report (idempotent)',
    tags,
    access: 'superadmin',
    body: GrantRequest,
    responses: { 200: Ok, ...analyticsFailures },
  }),
  revokeReport: endpoint({
    operationId: 'revokeReport',
    method: 'POST',
    path: '/api/powerbi/permissions/revoke',
    summary: "Remove a Viewer's access to a report",
    tags,
    access: 'superadmin',
    body: RevokeRequest,
    responses: { 200: Ok, ...analyticsFailures },
  }),
  recordReportUsage: endpoint({
    operationId: 'recordReportUsage',
    method: 'POST',
    path: '/api/powerbi/usage',
    summary: 'Record how long a report took to load and render',
    tags,
    access: 'signed-in',
    body: UsageReport,
    responses: { 200: Ok, ...analyticsFailures },
  }),
};
