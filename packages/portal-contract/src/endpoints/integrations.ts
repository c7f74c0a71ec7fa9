import { IdParams, Ok, TenantIdParams } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import {
  DataSourceList,
  IntegrationList,
  OauthCallbackQuery,
  OauthInitiateRequest,
  OauthInitiateResponse,
  SyncResult,
} from '../integrations.ts';

const tags = ['integrations'];
const access = 'superadmin';
/** The answers of endpoints that reach the analytics service (upstream failures are 502–504). */
const failures = errors(400, 401, 403, 404, 502, 503, 504);

/**
 * Data sources and the integrations that connect them to tenants (super administrators only):
 * the catalogue, the OAuth 2.0 connect flow, the list, disconnect and sync.
 */
export const integrationsEndpoints = {
  listDataSources: endpoint({
    operationId: 'listDataSources',
    method: 'GET',
    path: '/api/admin/data-sources',
    summary: 'Data sources that can be connected',
    tags,
    access,
    responses: { 200: DataSourceList, ...errors(401, 403) },
  }),
  startIntegrationConnect: endpoint({
    operationId: 'startIntegrationConnect',
    method: 'POST',
    path: '/api/admin/oauth/initiate',
    summary: "Start connecting a data source: the provider's authorization URL",
    tags,
    access,
    body: OauthInitiateRequest,
    responses: { 200: OauthInitiateResponse, ...errors(400, 401, 403, 404, 503) },
  }),
  completeIntegrationConnect: endpoint({
    operationId: 'completeIntegrationConnect',
    method: 'GET',
    path: '/api/admin/oauth/callback',
    summary: 'Where the provider sends the browser back; redirects to the SPA',
    tags,
    // The provider's redirect carries no bearer token: the single-use state, bound to the super
    // administrator who started, is the credential.
    access: 'public',
    query: OauthCallbackQuery,
    responses: {},
  }),
  listIntegrations: endpoint({
    operationId: 'listIntegrations',
    method: 'GET',
    path: '/api/admin/integrations',
    summary: 'Every integration, with its tenant',
    tags,
    access,
    responses: { 200: IntegrationList, ...failures },
  }),
  listTenantIntegrations: endpoint({
    operationId: 'listTenantIntegrations',
    method: 'GET',
    path: '/api/admin/tenants/:tenantId/integrations',
    summary: "A tenant's integrations",
    tags,
    access,
    params: TenantIdParams,
    responses: { 200: IntegrationList, ...failures },
  }),
  disconnectIntegration: endpoint({
    operationId: 'disconnectIntegration',
    method: 'DELETE',
    path: '/api/admin/integrations/:id',
    summary: 'Disconnect: revoke at the provider, then delete',
    tags,
    access,
    params: IdParams,
    responses: { 200: Ok, ...failures },
  }),
  syncIntegration: endpoint({
    operationId: 'syncIntegration',
    method: 'POST',
    path: '/api/admin/integrations/:id/sync',
    summary: "Pull the source's invoices into the tenant's push dataset now",
    tags,
    access,
    params: IdParams,
    responses: { 200: SyncResult, ...failures },
  }),
};
