import { sql, type Kysely, type RawBuilder } from 'kysely';
import { protectTenantTable, unprotectTenantTable } from '../tenant-row-security.ts';

/**
 * Daily rollups of the usage log, so usage analytics reads a few rows per day of its window
 * instead of every view (docs/decisions/0014-usage-rollups.md):
 *
 * - `usage_person_days`: views and the last view per tenant, report, person and day;
 * - `usage_latency_days`: per day, how many load and render times fell in each fixed bucket
 *   (canopy_latency_bucket), for everything (scope 0), per tenant (1) and per report (2), which
 *   the percentiles are read from.
 *
 * A day is both the UTC day (every tenant's figures count UTC days) and the tenant's own calendar
 * day in its time zone (one tenant's figures); a change of a tenant's zone recomputes its rows.
 * Statement triggers on `report_usage` add every insert, however written (the beacon, a seed,
 * a test), in the same transaction, and recount what a delete or an update touched (a person's
 * deletion nulls their rows); `canopy_rebuild_usage_rollups` recomputes them from the log
 * (the `usage-rollups` command). Both run as the tables' owner (SECURITY DEFINER): the beacon runs
 * as the tenant role, which may not write the every-tenant rows; they only ever add up rows that
 * row-level security already let it insert.
 *
 * Also `report_usage (tenant_id, id)`: the admin usage log filtered to one tenant, newest first.
 * Without it PostgreSQL walks the primary key backwards looking for the tenant's rows, the whole
 * table for a tenant without any.
 */

const NO_TENANT = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/** The UTC day and the tenant's calendar day of a usage row `n` (joined to its tenant `t`). */
const DAYS = sql`(n.at at time zone 'UTC')::date as utc_day,
  (n.at at time zone coalesce(t.time_zone, 'UTC'))::date as local_day`;

/**
 * The rows of `source` (an alias `n` over report_usage's columns) added to the person rollup.
 * The trigger, the key recount and the rebuild all use these builders, so they cannot count
 * differently.
 */
function addPersonDays(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    insert into usage_person_days as d
      (tenant_id, report_id, user_id, utc_day, local_day, views, last_at)
    select n.tenant_id, n.report_id, n.user_id, ${DAYS}, count(*)::int, max(n.at)
    from ${source} left join tenants t on t.id = n.tenant_id
    group by 1, 2, 3, 4, 5
    on conflict (coalesce(tenant_id, ${NO_TENANT}), report_id, user_id, utc_day, local_day)
    do update set views = d.views + excluded.views, last_at = greatest(d.last_at, excluded.last_at);`;
}

/**
 * The person rollup's rows of every (tenant, report, person, UTC day) that `source` names, counted
 * again from the usage log: what a delete or an update of usage rows leaves (a last view cannot
 * be subtracted). One probe of `(report_id, at)` per key.
 */
function recountPersonDays(source: RawBuilder<unknown>): RawBuilder<unknown> {
  const keys = sql`(select distinct n.tenant_id, n.report_id, n.user_id,
    (n.at at time zone 'UTC')::date as utc_day from ${source}) k`;
  return sql`
    delete from usage_person_days d using ${keys}
    where coalesce(d.tenant_id, ${NO_TENANT}) = coalesce(k.tenant_id, ${NO_TENANT})
      and d.report_id = k.report_id and d.user_id is not distinct from k.user_id
      and d.utc_day = k.utc_day;
    ${addPersonDays(sql`(select u.* from ${keys} join report_usage u
      on u.report_id = k.report_id
      and u.at >= (k.utc_day::timestamp at time zone 'UTC')
      and u.at < ((k.utc_day + 1)::timestamp at time zone 'UTC')
      and u.tenant_id is not distinct from k.tenant_id
      and u.user_id is not distinct from k.user_id) n`)}`;
}

/** The latency buckets of `source`'s rows, per scope, day and bucket (a CTE named `s`). */
function latencyOf(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    v as (
      select n.tenant_id, n.report_id, ${DAYS},
             canopy_latency_bucket(n.load_ms) as load_bucket,
             canopy_latency_bucket(n.render_ms) as render_bucket
      from ${source} left join tenants t on t.id = n.tenant_id
    ), b as (
      select tenant_id, report_id, utc_day, local_day, load_bucket as bucket, 1 as loads, 0 as renders
      from v
      union all
      select tenant_id, report_id, utc_day, local_day, render_bucket, 0, 1 from v
    ), a as (
      select 0::smallint as scope, null::uuid as tenant_id, ''::text as report_id, utc_day,
             utc_day as local_day, bucket, loads, renders
      from b
      union all
      select 1::smallint, tenant_id, '', utc_day, local_day, bucket, loads, renders
      from b where tenant_id is not null
      union all
      select 2::smallint, tenant_id, report_id, utc_day, local_day, bucket, loads, renders from b
    ), s as (
      select scope, tenant_id, report_id, utc_day, local_day, bucket, sum(loads)::int as loads,
             sum(renders)::int as renders
      from a group by 1, 2, 3, 4, 5, 6
    )`;
}

function addLatency(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    with ${latencyOf(source)}
    insert into usage_latency_days as d
      (scope, tenant_id, report_id, utc_day, local_day, bucket, loads, renders)
    select scope, tenant_id, report_id, utc_day, local_day, bucket, loads, renders from s
    on conflict (scope, coalesce(tenant_id, ${NO_TENANT}), report_id, local_day, utc_day, bucket)
    do update set loads = d.loads + excluded.loads, renders = d.renders + excluded.renders;`;
}

/** Takes `source`'s rows out of the latency rollup (rows a cascade removed already stay gone). */
function subtractLatency(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    with ${latencyOf(source)}
    update usage_latency_days d set loads = d.loads - s.loads, renders = d.renders - s.renders
    from s
    where d.scope = s.scope
      and coalesce(d.tenant_id, ${NO_TENANT}) = coalesce(s.tenant_id, ${NO_TENANT})
      and d.report_id = s.report_id and d.local_day = s.local_day and d.utc_day = s.utc_day
      and d.bucket = s.bucket;`;
}

/** A trigger function on the tables' owner's side (see the comment above). */
function rollupTrigger(schema: string, name: string, body: RawBuilder<unknown>) {
  return sql`
    create function ${sql.id(name)}() returns trigger
    language plpgsql security definer set search_path = ${sql.id(schema)} as $body$
    begin
      ${body}
      return null;
    end
    $body$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('No current schema');

  await sql`create index report_usage_tenant_id_idx on report_usage (tenant_id, id)`.execute(db);

  // Milliseconds to a bucket: exact below 64 ms, then 32 buckets per doubling (each at most
  // 1/32 of its lower bound wide), found with integer arithmetic only so that every database
  // and the TypeScript mirror (usage-latency-buckets.ts) agree to the millisecond.
  await sql`
    create function canopy_latency_bucket(ms integer) returns smallint
    language sql immutable parallel safe as $$
      select (case
        when ms < 64 then greatest(ms, 0)
        else 64 + (e - 6) * 32 + ((ms >> (e - 5)) - 32)
      end)::smallint
      from (select 32 - position('1' in ms::bit(32)::text) as e) x
    $$`.execute(db);

  await sql`
    create table usage_person_days (
      tenant_id uuid references tenants (id) on delete cascade,
      report_id text not null,
      user_id uuid references users (id) on delete set null,
      utc_day date not null,
      local_day date not null,
      views integer not null,
      last_at timestamptz not null
    )`.execute(db);
  // A deleted person's rows keep their views with no person (as the log's do); NULLs never
  // collide, so the key stays unique for everyone else.
  await sql`create unique index usage_person_days_key on usage_person_days
    (coalesce(tenant_id, ${NO_TENANT}), report_id, user_id, utc_day, local_day)`.execute(db);
  await sql`create index usage_person_days_tenant_idx on usage_person_days (tenant_id, local_day)`.execute(
    db,
  );
  await sql`create index usage_person_days_utc_idx on usage_person_days (utc_day)`.execute(db);
  // "Opened since …" and "last opened" per synchronised report: one probe each.
  await sql`create index usage_person_days_report_idx on usage_person_days (report_id, last_at)`.execute(
    db,
  );

  await sql`
    create table usage_latency_days (
      scope smallint not null check (scope in (0, 1, 2)),
      tenant_id uuid references tenants (id) on delete cascade,
      report_id text not null,
      utc_day date not null,
      local_day date not null,
      bucket smallint not null,
      loads integer not null,
      renders integer not null
    )`.execute(db);
  // The key the trigger adds to; reads use the two indexes after it (every tenant's window by UTC
  // day, one tenant's by its own day).
  await sql`create unique index usage_latency_days_key on usage_latency_days
    (scope, coalesce(tenant_id, ${NO_TENANT}), report_id, local_day, utc_day, bucket)`.execute(db);
  await sql`create index usage_latency_days_utc_idx on usage_latency_days (scope, utc_day)`.execute(
    db,
  );
  await sql`create index usage_latency_days_tenant_idx on usage_latency_days
    (tenant_id, scope, local_day)`.execute(db);

  await protectTenantTable(db, 'usage_person_days');
  await protectTenantTable(db, 'usage_latency_days');

  // Inserts add; deletes and updates (the log's rows are not meant to change, but a person's
  // deletion sets their rows' user_id to null, and tests move rows in time) recount.
  await rollupTrigger(
    schema,
    'canopy_usage_rollups_add',
    sql`${addPersonDays(sql`new_rows n`)} ${addLatency(sql`new_rows n`)}`,
  ).execute(db);
  await rollupTrigger(
    schema,
    'canopy_usage_rollups_remove',
    sql`${subtractLatency(sql`old_rows n`)} ${recountPersonDays(sql`old_rows n`)}`,
  ).execute(db);
  await rollupTrigger(
    schema,
    'canopy_usage_rollups_change',
    sql`${subtractLatency(sql`old_rows n`)} ${addLatency(sql`new_rows n`)}
      ${recountPersonDays(sql`(select * from old_rows union all select * from new_rows) n`)}`,
  ).execute(db);
  await sql`
    create trigger report_usage_rollups_insert after insert on report_usage
    referencing new table as new_rows for each statement
    execute function canopy_usage_rollups_add()`.execute(db);
  await sql`
    create trigger report_usage_rollups_delete after delete on report_usage
    referencing old table as old_rows for each statement
    execute function canopy_usage_rollups_remove()`.execute(db);
  await sql`
    create trigger report_usage_rollups_update after update on report_usage
    referencing old table as old_rows new table as new_rows for each statement
    execute function canopy_usage_rollups_change()`.execute(db);

  // Every tenant (null) or one: its rows go and are counted again from the usage log. Every
  // tenant's rows (scope 0) count UTC days, so one tenant's rebuild leaves them alone.
  await sql`
    create function canopy_rebuild_usage_rollups(only_tenant uuid) returns void
    language plpgsql security definer set search_path = ${sql.id(schema)} as $body$
    begin
      if only_tenant is null then
        delete from usage_person_days;
        delete from usage_latency_days;
        ${addPersonDays(sql`report_usage n`)}
        ${addLatency(sql`report_usage n`)}
      else
        delete from usage_person_days where tenant_id = only_tenant;
        delete from usage_latency_days where tenant_id = only_tenant and scope <> 0;
        -- Every tenant's rows (scope 0) keep theirs: taken out here, added back below.
        ${subtractLatency(sql`(select * from report_usage where tenant_id = only_tenant) n`)}
        ${addPersonDays(sql`(select * from report_usage where tenant_id = only_tenant) n`)}
        ${addLatency(sql`(select * from report_usage where tenant_id = only_tenant) n`)}
      end if;
    end
    $body$`.execute(db);
  await sql`
    create function canopy_usage_rollups_rezone() returns trigger
    language plpgsql security definer set search_path = ${sql.id(schema)} as $body$
    begin
      perform canopy_rebuild_usage_rollups(new.id);
      return null;
    end
    $body$`.execute(db);
  await sql`
    create trigger tenants_usage_rollups_zone after update of time_zone on tenants
    for each row when (old.time_zone is distinct from new.time_zone)
    execute function canopy_usage_rollups_rezone()`.execute(db);

  // The log so far.
  await sql`select canopy_rebuild_usage_rollups(null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists tenants_usage_rollups_zone on tenants`.execute(db);
  for (const kind of ['insert', 'delete', 'update']) {
    await sql`drop trigger if exists ${sql.id(`report_usage_rollups_${kind}`)} on report_usage`.execute(
      db,
    );
  }
  await sql`drop function if exists canopy_usage_rollups_rezone()`.execute(db);
  await sql`drop function if exists canopy_rebuild_usage_rollups(uuid)`.execute(db);
  for (const name of ['add', 'remove', 'change']) {
    await sql`drop function if exists ${sql.id(`canopy_usage_rollups_${name}`)}()`.execute(db);
  }
  for (const table of ['usage_latency_days', 'usage_person_days']) {
    await unprotectTenantTable(db, table);
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop function if exists canopy_latency_bucket(integer)`.execute(db);
  await sql`drop index if exists report_usage_tenant_id_idx`.execute(db);
}
