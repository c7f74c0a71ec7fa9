import pg from 'pg';
import { LARGE_TENANT, type ScaleSize } from './sizes.ts';

/** Actions the seeded audit log holds, weighted like a real log (sign-ins dominate). */
const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login',
  'auth.login',
  'auth.login',
  'auth.logout',
  'auth.login_failed',
  'auth.refresh_reuse',
  'auth.password_reset_requested',
  'user.create',
  'user.update_role',
  'user.delete',
  'report.grant',
  'report.revoke',
  'report.sync',
  'tenant.update',
  'settings.update',
  'account.password_change',
  'integration.sync',
];

/** What later steps need from the seed. */
export interface ScaleSeed {
  largeTenantId: string;
  largeAdminId: string;
  largeViewerId: string;
}

/**
 * Straight into a migrated database, in set-based statements (generate_series), so L seeds in
 * minutes: `size.tenants` ordinary tenants with `size.people` people spread evenly (every tenth an
 * Admin), `reportsPerTenant` reports each, then the large tenant (LARGE_TENANT: groups with
 * members and report grants, direct grants), then the audit log and usage events over
 * `size.days` days. Emails are `p<n>.t<tenant>@bench.example`, so a search for `p7.t3@` finds one
 * person among many similar ones.
 */
export async function seedScale(url: string, size: ScaleSize): Promise<ScaleSeed> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await q('begin');
    await q(
      `insert into tenants (name, admin_email)
       select 'Scale tenant ' || lpad(t::text, 4, '0'), 'owner' || t || '@bench.example'
       from generate_series(0, $1 - 1) t`,
      [size.tenants],
    );
    await q(
      `insert into tenants (name, admin_email) values ('Scale large tenant', 'owner@large.example')`,
    );
    await q(`create temporary table bench_tenants on commit drop as
      select id, (row_number() over (order by name) - 1)::int as i from tenants
      where name like 'Scale tenant %'`);
    const {
      rows: [large],
    } = await q(`select id from tenants where name = 'Scale large tenant'`);
    const largeTenantId = (large as { id: string }).id;
    const perTenant = Math.max(1, Math.floor(size.people / size.tenants));
    await q(
      `insert into users (email, tenant_id, first_name, last_name)
       select 'p' || p || '.t' || t.i || '@bench.example', t.id, 'Person', p || '/' || t.i
       from bench_tenants t, generate_series(0, $1 - 1) p`,
      [perTenant],
    );
    await q(
      `insert into users (email, tenant_id, first_name, last_name)
       select 'member' || p || '@large.example', $1, 'Member', lpad(p::text, 4, '0')
       from generate_series(0, $2 - 1) p`,
      [largeTenantId, LARGE_TENANT.people],
    );
    await q(`insert into user_roles (user_id, role)
      select id, case when last_name ~ '^[0-9]*0(/|$)' then 'Admin' else 'Viewer' end
      from users where tenant_id is not null`);
    await q(
      `insert into reports (id, tenant_id, power_bi_group_id, name, embed_url)
       select 'scale-' || t.i || '-' || r, t.id, 'scale-group-' || t.i,
              'Report ' || lpad(r::text, 3, '0'), 'https://example.invalid'
       from bench_tenants t, generate_series(0, $1 - 1) r`,
      [size.reportsPerTenant],
    );
    await q(
      `insert into reports (id, tenant_id, power_bi_group_id, name, embed_url)
       select 'large-' || r, $1, 'scale-group-large', 'Report ' || lpad(r::text, 3, '0'),
              'https://example.invalid'
       from generate_series(0, $2 - 1) r`,
      [largeTenantId, LARGE_TENANT.reports],
    );
    // Groups of the large tenant: group g holds members g*50 … g*50+99 (overlapping) and ten
    // reports; every fifth member also has three direct grants.
    await q(
      `insert into groups (tenant_id, name)
       select $1, 'Group ' || lpad(g::text, 2, '0') from generate_series(0, $2 - 1) g`,
      [largeTenantId, LARGE_TENANT.groups],
    );
    await q(
      `insert into group_members (group_id, user_id)
       select g.id, u.id from groups g
       join users u on u.tenant_id = g.tenant_id
        and (u.last_name::int - (split_part(g.name, ' ', 2))::int * 50 + $3) % $3 < $2
       where g.tenant_id = $1`,
      [largeTenantId, LARGE_TENANT.membersPerGroup, LARGE_TENANT.people],
    );
    await q(
      `insert into group_report_grants (group_id, report_id)
       select g.id, 'large-' || (((split_part(g.name, ' ', 2))::int * 10 + k) % $2)
       from groups g, generate_series(0, 9) k where g.tenant_id = $1`,
      [largeTenantId, LARGE_TENANT.reports],
    );
    await q(
      `insert into report_grants (user_id, report_id, tenant_id)
       select u.id, 'large-' || ((u.last_name::int * 7 + k) % $2), $1
       from users u, generate_series(0, 2) k
       where u.tenant_id = $1 and u.last_name::int % 5 = 0`,
      [largeTenantId, LARGE_TENANT.reports],
    );
    await q(`create temporary table bench_people on commit drop as
      select row_number() over (order by u.id)::int - 1 as n, u.id, u.email, u.tenant_id
      from users u where u.email like '%@bench.example'`);
    await q('create index on bench_people (n)');
    const counted = await q('select count(*)::int as count from bench_people');
    const peopleCount = (counted.rows[0] as { count: number }).count;
    await q(
      `insert into audit_events (at, actor_id, actor_email, tenant_id, action, target, ip, details)
       select now() - (g.i::double precision / $1) * make_interval(days => $3),
              p.id, p.email, p.tenant_id,
              ($4::text[])[1 + g.i % array_length($4::text[], 1)],
              'user:' || p.id, '10.0.' || (g.i % 250) || '.' || (g.i % 199),
              case when g.i % 3 = 0 then jsonb_build_object('n', g.i) end
       from generate_series(0, $1 - 1) g(i)
       join bench_people p on p.n = (g.i::bigint * 7919) % $2`,
      [size.auditEvents, peopleCount, size.days, AUDIT_ACTIONS],
    );
    await q(
      `insert into report_usage (tenant_id, user_id, report_id, load_ms, render_ms, at)
       select p.tenant_id, p.id, 'scale-' || t.i || '-' || (g.i % $3),
              200 + (g.i * 37) % 5000, 100 + (g.i * 53) % 3000,
              now() - (g.i::double precision / $1) * make_interval(days => $4)
       from generate_series(0, $1 - 1) g(i)
       join bench_people p on p.n = (g.i::bigint * 104729) % $2
       join bench_tenants t on t.id = p.tenant_id`,
      [size.usageEvents, peopleCount, size.reportsPerTenant, size.days],
    );
    const ids = await q(
      `select (select id from users where email = 'member0@large.example') as admin,
              (select id from users where email = 'member1@large.example') as viewer`,
    );
    await q('commit');
    // Fresh statistics and visibility map, as autovacuum would leave them after a while.
    await q('vacuum analyze');
    const row = ids.rows[0] as { admin: string; viewer: string };
    return { largeTenantId, largeAdminId: row.admin, largeViewerId: row.viewer };
  } catch (error) {
    await q('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
