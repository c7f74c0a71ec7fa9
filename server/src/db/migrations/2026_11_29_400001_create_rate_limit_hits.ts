import { sql, type Kysely } from 'kysely';

/**
 * Rate-limit counters every instance shares: one row per limiter and client address, with the hits
 * in the current window and when that window ends. UNLOGGED: a counter is worth no WAL write (they
 * are updated on every limited request), and losing them in a crash only restarts the windows.
 * The index serves the periodic sweep of ended windows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table rate_limit_hits (
      key text primary key,
      hits integer not null,
      resets_at timestamptz not null
    )
  `.execute(db);
  await sql`create index rate_limit_hits_resets_at_idx on rate_limit_hits (resets_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').ifExists().execute();
}
