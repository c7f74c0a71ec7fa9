import { freshViewer } from './fixtures.ts';
import { tenantAdmins, type Matrix, type MatrixContext, type Target } from './matrix-types.ts';

/**
 * Groups and the access matrix, under /api/tenants/:tenantId: the tenant's Admins and super
 * administrators only. The tenant in the path decides first (another tenant's is 403); a group,
 * person or report of another tenant under one's own tenant is 404 (test/routes/groups).
 */
let unique = 0;

/** A new group of the target tenant (every cell gets its own, so cells never share state). */
async function freshGroup(ctx: MatrixContext, target: Target) {
  const row = await ctx.t.database.db
    .insertInto('groups')
    .values({ tenant_id: ctx.tenant(target).id, name: `Matrix group ${++unique}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { tenantId: ctx.tenant(target).id, id: row.id };
}

/** One synchronised report of the target tenant. */
async function reportOf(ctx: MatrixContext, target: Target) {
  const tenantId = ctx.tenant(target).id;
  const id = `group-matrix-report-${tenantId}`;
  await ctx.t.database.db
    .insertInto('reports')
    .values({
      id,
      tenant_id: tenantId,
      power_bi_group_id: `group-matrix-${tenantId}`,
      name: 'Sales',
      dataset_id: null,
      embed_url: 'http://emulator.test/reportEmbed',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}

const groupUrl = async (ctx: MatrixContext, target: Target) => {
  const { tenantId, id } = await freshGroup(ctx, target);
  return `/api/tenants/${tenantId}/groups/${id}`;
};

export const GROUP_MATRIX: Matrix = {
  'GET /api/tenants/:tenantId/groups': {
    request: (ctx, target) => ({ url: `/api/tenants/${ctx.tenant(target).id}/groups` }),
    expect: tenantAdmins(),
  },
  'POST /api/tenants/:tenantId/groups': {
    request: (ctx, target) => ({
      url: `/api/tenants/${ctx.tenant(target).id}/groups`,
      payload: { name: `Created ${++unique}` },
    }),
    expect: tenantAdmins(201),
  },
  'GET /api/tenants/:tenantId/groups/:id': {
    request: async (ctx, target) => ({ url: await groupUrl(ctx, target) }),
    expect: tenantAdmins(),
  },
  'PATCH /api/tenants/:tenantId/groups/:id': {
    request: async (ctx, target) => ({
      url: await groupUrl(ctx, target),
      payload: { name: `Renamed ${++unique}` },
    }),
    expect: tenantAdmins(),
  },
  'DELETE /api/tenants/:tenantId/groups/:id': {
    request: async (ctx, target) => ({ url: await groupUrl(ctx, target) }),
    expect: tenantAdmins(),
  },
  'PUT /api/tenants/:tenantId/groups/:id/members/:userId': {
    request: async (ctx, target) => ({
      url: `${await groupUrl(ctx, target)}/members/${(await freshViewer(ctx, target)).id}`,
    }),
    expect: tenantAdmins(),
  },
  'DELETE /api/tenants/:tenantId/groups/:id/members/:userId': {
    request: async (ctx, target) => ({
      url: `${await groupUrl(ctx, target)}/members/${(await freshViewer(ctx, target)).id}`,
    }),
    expect: tenantAdmins(),
  },
  'PUT /api/tenants/:tenantId/groups/:id/reports/:reportId': {
    request: async (ctx, target) => ({
      url: `${await groupUrl(ctx, target)}/reports/${await reportOf(ctx, target)}`,
    }),
    expect: tenantAdmins(),
  },
  'DELETE /api/tenants/:tenantId/groups/:id/reports/:reportId': {
    request: async (ctx, target) => ({
      url: `${await groupUrl(ctx, target)}/reports/${await reportOf(ctx, target)}`,
    }),
    expect: tenantAdmins(),
  },
  'GET /api/tenants/:tenantId/access-matrix': {
    request: (ctx, target) => ({ url: `/api/tenants/${ctx.tenant(target).id}/access-matrix` }),
    expect: tenantAdmins(),
  },
  'GET /api/tenants/:tenantId/access-matrix/export.csv': {
    request: (ctx, target) => ({
      url: `/api/tenants/${ctx.tenant(target).id}/access-matrix/export.csv`,
    }),
    expect: tenantAdmins(),
  },
};
