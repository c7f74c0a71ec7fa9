import type { ScaleCase } from '../case.ts';

const auditPath = (query: Record<string, string>) =>
  `/api/admin/audit?${new URLSearchParams(query).toString()}`;

/** The audit log screen: first and deep pages, filters, person search and the CSV export. */
export const auditCases: ScaleCase[] = [
  { area: 'audit', name: 'first page', prepare: () => ({ path: auditPath({ limit: '50' }) }) },
  {
    area: 'audit',
    name: 'last page',
    // The oldest events: with OFFSET the cost of skipping the whole log; with a cursor, one seek.
    async prepare({ db }) {
      const { rows } = await db.query<{ n: string }>('select count(*) as n from audit_events');
      const offset = Math.max(0, Math.min(1_000_000, Number(rows[0]!.n) - 50));
      return { path: auditPath({ limit: '50', offset: String(offset) }) };
    },
  },
  {
    area: 'audit',
    name: 'one tenant',
    async prepare({ db }) {
      const { rows } = await db.query<{ id: string }>(
        `select id from tenants where name = 'Scale tenant 0003'`,
      );
      return { path: auditPath({ limit: '50', tenantId: rows[0]!.id }) };
    },
  },
  {
    area: 'audit',
    name: 'an action family (auth.)',
    prepare: () => ({ path: auditPath({ limit: '50', action: 'auth.' }) }),
  },
  {
    area: 'audit',
    name: 'search by part of an email',
    prepare: () => ({ path: auditPath({ limit: '50', person: 'p7.t3@' }) }),
  },
  { area: 'audit', name: 'actions list', prepare: () => ({ path: '/api/admin/audit/actions' }) },
  {
    area: 'audit',
    name: 'CSV export, last 30 days',
    rss: true,
    prepare: () => ({
      path: `/api/admin/audit/export.csv?${new URLSearchParams({
        from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      }).toString()}`,
    }),
  },
];
