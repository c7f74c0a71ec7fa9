import pg from 'pg';

export interface UsageSeed {
  tenants: number;
  peoplePerTenant: number;
  /** Synchronised reports per tenant; the last two of each tenant are never opened. */
  reportsPerTenant: number;
  rows: number;
  /** The views fall in the last `days` days, so the widest window reads every row. */
  days: number;
}

export const DEFAULT_SEED: UsageSeed = {
  tenants: 20,
  peoplePerTenant: 50,
  reportsPerTenant: 10,
  rows: 1_000_000,
  days: 90,
};

/**
 * Straight into a migrated database: tenants, people and reports, then `rows` usage rows from one
 * generate_series insert. Views are skewed (a few reports and people get most of them, as in real
 * use), times spread over `days` days, load 200–5,200 ms and render 100–3,100 ms.
 */
export async function seedUsage(url: string, seed: UsageSeed = DEFAULT_SEED): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const opened = seed.reportsPerTenant - 2;
    await client.query('begin');
    await client.query(
      `insert into tenants (name, admin_email)
       select 'Bench tenant ' || lpad(t::text, 3, '0'), 'owner' || t || '@bench.example'
       from generate_series(1, $1) t`,
      [seed.tenants],
    );
    await client.query(`create temporary table bench_tenants on commit drop as
      select id, (row_number() over (order by name) - 1)::int as i from tenants
      where name like 'Bench tenant %'`);
    await client.query(
      `insert into users (email, tenant_id, first_name, last_name)
       select 'p' || p || '.t' || t.i || '@bench.example', t.id, 'Person', p || '/' || t.i
       from bench_tenants t, generate_series(0, $1 - 1) p`,
      [seed.peoplePerTenant],
    );
    await client.query(`create temporary table bench_people on commit drop as
      select t.i as t, (split_part(u.last_name, '/', 1))::int as p, u.id as user_id, t.id as tenant_id
      from users u join bench_tenants t on t.id = u.tenant_id`);
    await client.query('create index on bench_people (t, p)');
    await client.query(
      `insert into reports (id, tenant_id, power_bi_group_id, name, embed_url)
       select 'bench-' || t.i || '-' || r, t.id, 'bench-group-' || t.i,
              'Report ' || lpad(r::text, 2, '0') || ' of tenant ' || t.i, 'https://example.invalid'
       from bench_tenants t, generate_series(0, $1 - 1) r`,
      [seed.reportsPerTenant],
    );
    await client.query(
      `insert into report_usage (tenant_id, user_id, report_id, load_ms, render_ms, at)
       select p.tenant_id, p.user_id, 'bench-' || g.t || '-' || g.r,
              200 + (random() * 5000)::int, 100 + (random() * 3000)::int,
              now() - random() * make_interval(days => $4)
       from (
         select (floor(power(random(), 1.5) * $2))::int as t,
                (floor(power(random(), 2) * $3))::int as p,
                (floor(power(random(), 2) * $5))::int as r
         from generate_series(1, $1)
       ) g
       join bench_people p on p.t = g.t and p.p = g.p`,
      [seed.rows, seed.tenants, seed.peoplePerTenant, seed.days, opened],
    );
    await client.query('commit');
    // Fresh statistics and visibility map, as autovacuum would leave them after a while.
    await client.query('vacuum analyze report_usage');
    await client.query('analyze reports');
    await client.query('analyze users');
    await client.query('analyze tenants');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
