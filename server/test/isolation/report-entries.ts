import { createPerson } from '../support/fixtures.ts';
import {
  superAdminOnly,
  tenantAdmins,
  type MatrixContext,
  type Matrix,
  type Target,
} from './matrix-types.ts';

/**
 * Reports, embed tokens, grants and usage. The matrix app has no analytics service, so a request
 * that passes every access check ends at the analytics call with 503 ANALYTICS_UNAVAILABLE: that
 * is the "allowed" answer here (the behaviour behind it is tested against the emulator in
 * test/routes/analytics). Each tenant gets a workspace id and one synchronised report.
 */
async function workspaceOf(ctx: MatrixContext, target: Target) {
  const tenant = ctx.tenant(target);
  const groupId = `group-${tenant.id}`;
  const reportId = `report-${tenant.id}`;
  const db = ctx.t.database.db;
  await db
    .updateTable('tenants')
    .set({ power_bi_group_id: groupId })
    .where('id', '=', tenant.id)
    .execute();
  await db
    .insertInto('reports')
    .values({
      id: reportId,
      tenant_id: tenant.id,
      power_bi_group_id: groupId,
      name: 'Sales',
      dataset_id: 'dataset-1',
      embed_url: 'http://emulator.test/reportEmbed',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { tenantId: tenant.id, groupId, reportId };
}

const grantBody = async (ctx: MatrixContext, target: Target) => {
  const { tenantId, groupId, reportId } = await workspaceOf(ctx, target);
  const viewer = await createPerson(ctx.t, { tenantId, role: 'Viewer' });
  return { userId: viewer.id, reportId, workspaceId: groupId, tenantId };
};

export const REPORT_MATRIX: Matrix = {
  'POST /api/powerbi/reports': {
    request: async (ctx, target) => ({
      url: '/api/powerbi/reports',
      payload: { groupId: (await workspaceOf(ctx, target)).groupId },
    }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [403, 403],
      adminA: [503, 403],
      viewerA: [503, 403],
      adminB: [403, 503],
    },
  },
  'POST /api/powerbi/embed-token': {
    request: async (ctx, target) => {
      const { groupId, reportId } = await workspaceOf(ctx, target);
      return { url: '/api/powerbi/embed-token', payload: { groupId, reportId } };
    },
    // A Viewer without a grant is refused before any analytics call.
    expect: {
      anonymous: [401, 401],
      superAdmin: [403, 403],
      adminA: [503, 403],
      viewerA: [403, 403],
      adminB: [403, 503],
    },
  },
  'GET /api/powerbi/permissions/:groupId/admin': {
    request: async (ctx, target) => ({
      url: `/api/powerbi/permissions/${(await workspaceOf(ctx, target)).groupId}/admin`,
    }),
    expect: superAdminOnly(),
  },
  'POST /api/powerbi/permissions/grant': {
    request: async (ctx, target) => ({
      url: '/api/powerbi/permissions/grant',
      payload: { ...(await grantBody(ctx, target)), canView: true },
    }),
    expect: superAdminOnly(),
  },
  'POST /api/powerbi/permissions/revoke': {
    request: async (ctx, target) => ({
      url: '/api/powerbi/permissions/revoke',
      payload: await grantBody(ctx, target),
    }),
    expect: superAdminOnly(),
  },
  'POST /api/powerbi/usage': {
    // Only a report the caller may open counts: another tenant's is 404, an ungranted one 403.
    request: async (ctx, target) => ({
      url: '/api/powerbi/usage',
      payload: { reportId: (await workspaceOf(ctx, target)).reportId, loadMs: 1, renderMs: 1 },
    }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [200, 200],
      adminA: [200, 404],
      viewerA: [403, 404],
      adminB: [404, 200],
    },
  },
  'POST /api/admin/powerbi/reports': {
    request: async (ctx, target) => ({
      url: '/api/admin/powerbi/reports',
      payload: { groupId: (await workspaceOf(ctx, target)).groupId },
    }),
    expect: superAdminOnly(503),
  },
  'POST /api/admin/powerbi/embed-token': {
    request: async (ctx, target) => {
      const { groupId, reportId } = await workspaceOf(ctx, target);
      return { url: '/api/admin/powerbi/embed-token', payload: { groupId, reportId } };
    },
    expect: superAdminOnly(503),
  },
  'POST /api/admin/tenants/:tenantId/reports/sync': {
    request: async (ctx, target) => ({
      url: `/api/admin/tenants/${(await workspaceOf(ctx, target)).tenantId}/reports/sync`,
    }),
    expect: superAdminOnly(503),
  },
  'GET /api/admin/usage': {
    request: (ctx, target) => ({ url: `/api/admin/usage?tenantId=${ctx.tenant(target).id}` }),
    expect: superAdminOnly(),
  },
  'GET /api/analytics/usage': {
    // A tenant Admin always gets their own tenant; naming another is refused, not ignored.
    request: (ctx, target) => ({ url: `/api/analytics/usage?tenantId=${ctx.tenant(target).id}` }),
    expect: tenantAdmins(),
  },
};
