import { sql, type Kysely } from 'kysely';

/**
 * The audit log pages by cursor on (at, id), newest first, under any one filter of its screen: an
 * index per filter that ends in (at, id) lets every page be one descent and a short walk, however
 * long the history (the older (x, at) indexes left the id tie-break to a sort). Part of an email is
 * found through a trigram index when pg_trgm can be installed (PostgreSQL ships it as a trusted
 * extension; PGlite loads it, see create-database.ts); where it cannot, the search still works, by
 * scanning, and this migration says so in a notice instead of failing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index audit_events_at_id_idx on audit_events (at, id)`.execute(db);
  await sql`create index audit_events_tenant_at_id_idx on audit_events (tenant_id, at, id)`.execute(
    db,
  );
  await sql`create index audit_events_action_at_id_idx on audit_events (action, at, id)`.execute(
    db,
  );
  await sql`create index audit_events_actor_at_id_idx on audit_events (actor_id, at, id)`.execute(
    db,
  );
  for (const index of [
    'audit_events_at_idx',
    'audit_events_tenant_at_idx',
    'audit_events_action_at_idx',
    'audit_events_actor_at_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%): the audit log searches emails by scanning', sqlerrm;
    end $$`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        execute 'create index audit_events_actor_email_trgm_idx on audit_events
                 using gin (actor_email gin_trgm_ops)';
      end if;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_events_actor_email_trgm_idx').ifExists().execute();
  await sql`create index if not exists audit_events_at_idx on audit_events (at)`.execute(db);
  await sql`create index if not exists audit_events_tenant_at_idx on audit_events (tenant_id, at)`.execute(
    db,
  );
  await sql`create index if not exists audit_events_action_at_idx on audit_events (action, at)`.execute(
    db,
  );
  await sql`create index if not exists audit_events_actor_at_idx on audit_events (actor_id, at)`.execute(
    db,
  );
  for (const index of [
    'audit_events_at_id_idx',
    'audit_events_tenant_at_id_idx',
    'audit_events_action_at_id_idx',
    'audit_events_actor_at_id_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
