import type { Matrix, MatrixContext, Target } from './matrix-types.ts';
import { tenantAdmins } from './matrix-types.ts';

/**
 * Report subscriptions. A person's own list and new subscriptions are for tenant people; a
 * subscription by id is for its recipient, its tenant's Admins and super administrators, and 404
 * for anyone else (another tenant's, or a colleague's for a Viewer). Each target tenant has one
 * report its Viewer is granted; every cell that changes a subscription makes a fresh one for that
 * Viewer (the matrix app has no analytics service: nothing is exported here).
 */
async function reportOf(ctx: MatrixContext, target: Target) {
  const tenantId = ctx.tenant(target).id;
  const viewer = target === 'A' ? ctx.cast.viewerA : ctx.cast.viewerB;
  const id = `subscription-matrix-report-${tenantId}`;
  const db = ctx.t.database.db;
  await db
    .insertInto('reports')
    .values({
      id,
      tenant_id: tenantId,
      power_bi_group_id: `subscription-matrix-${tenantId}`,
      name: 'Sales',
      dataset_id: null,
      embed_url: 'http://emulator.test/reportEmbed',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('report_grants')
    .values({ user_id: viewer.id, report_id: id, tenant_id: tenantId, granted_by: null })
    .onConflict((oc) => oc.columns(['user_id', 'report_id']).doNothing())
    .execute();
  return { tenantId, reportId: id, viewerId: viewer.id };
}

async function subscriptionUrl(ctx: MatrixContext, target: Target) {
  const { tenantId, reportId, viewerId } = await reportOf(ctx, target);
  const row = await ctx.t.database.db
    .insertInto('report_subscriptions')
    .values({
      tenant_id: tenantId,
      user_id: viewerId,
      report_id: reportId,
      created_by: viewerId,
      format: 'PDF',
      frequency: 'daily',
      weekday: null,
      month_day: null,
      time_of_day: '08:00',
      page_name: null,
      next_run_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `/api/subscriptions/${row.id}`;
}

/** Its recipient (viewerA for tenant A's), its tenant's Admins, super administrators. */
const byId = (ok: number) =>
  ({
    anonymous: [401, 401],
    superAdmin: [ok, ok],
    adminA: [ok, 404],
    viewerA: [ok, 404],
    adminB: [404, ok],
  }) as const;

export const SUBSCRIPTION_MATRIX: Matrix = {
  'GET /api/subscriptions': {
    request: () => ({ url: '/api/subscriptions' }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [403, 403],
      adminA: [200, 200],
      viewerA: [200, 200],
      adminB: [200, 200],
    },
  },
  'POST /api/subscriptions': {
    request: async (ctx, target) => ({
      url: '/api/subscriptions',
      payload: {
        reportId: (await reportOf(ctx, target)).reportId,
        format: 'PDF',
        frequency: 'daily',
        timeOfDay: '08:00',
      },
    }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [403, 403],
      adminA: [201, 404],
      viewerA: [201, 404],
      adminB: [404, 201],
    },
  },
  'GET /api/subscriptions/recipients': {
    request: async (ctx, target) => ({
      url: `/api/subscriptions/recipients?reportId=${(await reportOf(ctx, target)).reportId}`,
    }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [403, 403],
      adminA: [200, 404],
      viewerA: [403, 403],
      adminB: [404, 200],
    },
  },
  // The matrix app has no analytics service: 503 is the "allowed" answer.
  'GET /api/subscriptions/pages': {
    request: async (ctx, target) => ({
      url: `/api/subscriptions/pages?reportId=${(await reportOf(ctx, target)).reportId}`,
    }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [403, 403],
      adminA: [503, 404],
      viewerA: [503, 404],
      adminB: [404, 503],
    },
  },
  'GET /api/tenants/:tenantId/subscriptions': {
    request: (ctx, target) => ({ url: `/api/tenants/${ctx.tenant(target).id}/subscriptions` }),
    expect: tenantAdmins(),
  },
  'PATCH /api/subscriptions/:id': {
    request: async (ctx, target) => ({
      url: await subscriptionUrl(ctx, target),
      payload: { paused: true },
    }),
    expect: byId(200),
  },
  'DELETE /api/subscriptions/:id': {
    request: async (ctx, target) => ({ url: await subscriptionUrl(ctx, target) }),
    expect: byId(200),
  },
  'POST /api/subscriptions/:id/send-now': {
    request: async (ctx, target) => ({ url: (await subscriptionUrl(ctx, target)) + '/send-now' }),
    expect: byId(202),
  },
};
