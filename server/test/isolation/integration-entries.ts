import { superAdminOnly, type Matrix, type MatrixContext, type Target } from './matrix-types.ts';

/**
 * Data sources, integrations and the OAuth flow: super administrators only. The matrix app has no
 * Xero app configured, so starting a connection answers 503 INTEGRATIONS_UNAVAILABLE and a sync
 * 503 (no analytics service); the flows themselves are tested in test/routes/analytics.
 */
async function integrationOf(ctx: MatrixContext, target: Target) {
  const tenant = ctx.tenant(target);
  const cipherText = ctx.t.app.integrations.cipher.encrypt('not-a-real-token');
  await ctx.t.database.db
    .updateTable('tenants')
    .set({ power_bi_group_id: `group-${tenant.id}` })
    .where('id', '=', tenant.id)
    .execute();
  // Status error: nothing to revoke at a provider, so disconnecting needs none.
  return ctx.t.database.db
    .insertInto('integrations')
    .values({
      tenant_id: tenant.id,
      source_id: 'xero',
      status: 'error',
      connection_id: 'connection-1',
      external_tenant_id: 'org-1',
      external_tenant_type: 'ORGANISATION',
      external_tenant_name: 'Org',
      scopes: 'offline_access',
      access_token_enc: cipherText,
      refresh_token_enc: cipherText,
      access_expires_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export const INTEGRATION_MATRIX: Matrix = {
  'GET /api/admin/data-sources': {
    request: () => ({ url: '/api/admin/data-sources' }),
    expect: superAdminOnly(),
  },
  'GET /api/admin/integrations': {
    request: () => ({ url: '/api/admin/integrations' }),
    expect: superAdminOnly(),
  },
  'GET /api/admin/tenants/:tenantId/integrations': {
    request: (ctx, target) => ({ url: `/api/admin/tenants/${ctx.tenant(target).id}/integrations` }),
    expect: superAdminOnly(),
  },
  'DELETE /api/admin/integrations/:id': {
    request: async (ctx, target) => ({
      url: `/api/admin/integrations/${(await integrationOf(ctx, target)).id}`,
    }),
    expect: superAdminOnly(),
  },
  'POST /api/admin/integrations/:id/sync': {
    request: async (ctx, target) => ({
      url: `/api/admin/integrations/${(await integrationOf(ctx, target)).id}/sync`,
    }),
    expect: superAdminOnly(503),
  },
  'POST /api/admin/oauth/initiate': {
    request: (ctx, target) => ({
      url: '/api/admin/oauth/initiate',
      payload: { sourceId: 'xero', tenantId: ctx.tenant(target).id },
    }),
    expect: superAdminOnly(503),
  },
  'GET /api/admin/oauth/callback': {
    public: 'the provider redirects the browser here; the single-use state is the credential',
  },
};
