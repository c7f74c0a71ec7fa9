import type { Client } from 'pg';
import type { ScaleCase } from '../case.ts';

const analytics = (query: Record<string, string>) =>
  `/api/analytics/usage?${new URLSearchParams(query).toString()}`;

/** A tenant of the seed's ordinary ones (each holds the same share of the usage events). */
async function ordinaryTenant(db: Client): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `select id from tenants where name = 'Scale tenant 0003'`,
  );
  return rows[0]!.id;
}

/**
 * Usage analytics (what the analytics screen loads, for every tenant and for one) and the admin
 * usage log, as a super administrator. The seed's usage events go through the rollup trigger in
 * its one insert, as a beacon's would.
 */
export const usageAnalyticsCases: ScaleCase[] = [
  ...(['7', '30', '90'] as const).map((days): ScaleCase => ({
    area: 'usage',
    name: `usage analytics, all tenants, ${days} days`,
    prepare: () => ({ path: analytics({ days }) }),
  })),
  {
    area: 'usage',
    name: 'usage analytics, one tenant, 90 days',
    prepare: async ({ db }) => ({
      path: analytics({ days: '90', tenantId: await ordinaryTenant(db) }),
    }),
  },
  {
    area: 'usage',
    name: "usage analytics, a tenant's Admin, 30 days",
    prepare: ({ largeTenant }) => ({ path: analytics({ days: '30' }), token: largeTenant.admin }),
  },
  {
    area: 'usage',
    name: 'admin usage log, newest 100',
    prepare: () => ({ path: '/api/admin/usage?limit=100' }),
  },
  {
    area: 'usage',
    name: 'admin usage log, one tenant',
    prepare: async ({ db }) => ({
      path: `/api/admin/usage?limit=100&tenantId=${await ordinaryTenant(db)}`,
    }),
  },
  {
    area: 'usage',
    name: 'admin usage log, a tenant without events',
    // The large tenant has people and reports but no usage events in the seed.
    prepare: ({ largeTenant }) => ({
      path: `/api/admin/usage?limit=100&tenantId=${largeTenant.id}`,
    }),
  },
];
