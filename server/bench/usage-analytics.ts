/**
 * Usage analytics at a million usage rows, on PostgreSQL: each aggregate behind
 * `GET /api/analytics/usage` (straight through the repository, one query at a time) and the whole
 * endpoint over HTTP, for 7, 30 and 90 days, over every tenant and over one, as p50/p99 and as a
 * ratio of the server's own `GET /api/health` p50 measured in the same run (this 2-core machine is
 * shared: absolute figures swing with its load, ratios less). Two shapes of the same million rows:
 * a year of history (the 90-day window holds a quarter of it) and the worst case, every row inside
 * the last 90 days. Target: every query well under a second.
 *
 *   pnpm --filter @canopy/server bench:analytics   (BENCH_ROUNDS, default 7)
 */
import { createDatabase } from '../src/db/create-database.ts';
import * as repository from '../src/modules/usage/usage-analytics.repository.ts';
import { windowDays } from '../src/modules/usage/usage-analytics.service.ts';
import { benchDatabase, startServerProcess } from './support.ts';
import { DEFAULT_SEED, seedUsage } from './usage-analytics-seed.ts';

const ADMIN = { email: 'analytics-admin@example.com', password: 'Bench-Admin-1' };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PERIODS = [7, 30, 90] as const;

const quantile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};
const fixed = (value: number) => value.toFixed(value < 10 ? 1 : 0);

async function timed(run: () => Promise<unknown>, rounds: number): Promise<number[]> {
  await run(); // warm: plan cache, shared buffers
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

interface Row {
  what: string;
  period: number;
  scope: string;
  times: number[];
}

async function scenario(name: string, days: number): Promise<string[]> {
  const database = await benchDatabase();
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    CANOPY_ADMIN_EMAIL: ADMIN.email,
    CANOPY_ADMIN_PASSWORD: ADMIN.password,
    CANOPY_ANALYTICS: 'emulator',
    CANOPY_MAIL: 'outbox',
  });
  const handle = await createDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  try {
    const seedStart = performance.now();
    await seedUsage(database.url, { ...DEFAULT_SEED, days });
    const seedMs = performance.now() - seedStart;
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    // The busiest tenant (the seed skews views towards the first ones).
    const tenant = await handle.db
      .selectFrom('report_usage')
      .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('tenant_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const scopes = [
      { scope: 'all tenants', tenantId: null },
      {
        scope: `one tenant (${Math.round((tenant.n / DEFAULT_SEED.rows) * 100)} % of rows)`,
        tenantId: tenant.tenant_id,
      },
    ];

    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const health = await timed(() => get('/api/health'), ROUNDS * 10);
    const rows: Row[] = [];
    for (const period of PERIODS) {
      for (const { scope, tenantId } of scopes) {
        const { from, dates } = await windowDays(handle.db, new Date(), period);
        const window = {
          from,
          firstDay: dates[0] ?? '',
          tenantId,
          timeZone: 'UTC',
        };
        const queries: [string, () => Promise<unknown>][] = [
          ['totals (views, viewers, percentiles)', () => repository.usageTotals(handle.db, window)],
          ['views per day', () => repository.usagePerDay(handle.db, window)],
          ['per report (percentiles)', () => repository.usagePerReport(handle.db, window)],
          ['per tenant', () => repository.usagePerTenant(handle.db, window)],
          ['per person (top 100)', () => repository.usagePerPerson(handle.db, window, 100)],
          ['not opened', () => repository.reportsNotOpened(handle.db, window)],
        ];
        for (const [what, run] of queries)
          rows.push({ what, period, scope, times: await timed(run, ROUNDS) });
        const query = `?days=${period}${tenantId ? `&tenantId=${tenantId}` : ''}`;
        rows.push({
          what: '**GET /api/analytics/usage** (all of the above)',
          period,
          scope,
          times: await timed(() => get(`/api/analytics/usage${query}`), ROUNDS),
        });
      }
    }
    const healthP50 = quantile(health, 0.5);
    const inWindow = await handle.db
      .selectFrom('report_usage')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('at', '>=', (await windowDays(handle.db, new Date(), 90)).from)
      .executeTakeFirstOrThrow();
    return [
      `### ${name}`,
      '',
      `${DEFAULT_SEED.rows.toLocaleString('en-US')} rows over ${days} days (${inWindow.n.toLocaleString('en-US')} in the 90-day window), ${DEFAULT_SEED.tenants} tenants × ${DEFAULT_SEED.peoplePerTenant} people × ${DEFAULT_SEED.reportsPerTenant} reports; seeded in ${(seedMs / 1000).toFixed(1)} s. ${ROUNDS} rounds per row after one warm-up. GET /api/health in the same run: p50 ${fixed(healthP50)} ms, p99 ${fixed(quantile(health, 0.99))} ms (${health.length} requests).`,
      '',
      '| query | days | scope | p50 ms | p99 ms | p50 × health |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((row) => {
        const p50 = quantile(row.times, 0.5);
        return `| ${row.what} | ${row.period} | ${row.scope} | ${fixed(p50)} | ${fixed(quantile(row.times, 0.99))} | ${(p50 / healthP50).toFixed(0)} |`;
      }),
      '',
    ];
  } finally {
    await handle.close();
    await server.stop();
    await database.drop();
  }
}

const lines = [
  `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average before: ${(
    await import('node:os')
  )
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}`,
  '',
  ...(await scenario('A year of history', 365)),
  ...(await scenario('Worst case: every row in the last 90 days', 90)),
];
console.log(lines.join('\n'));
