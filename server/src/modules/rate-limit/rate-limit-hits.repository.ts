import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Hits in the key's current window and the milliseconds until that window ends. */
export interface WindowCount {
  hits: number;
  ttlMs: number;
}

/**
 * Counts one hit in one statement: a new key or an ended window starts at 1 with a fresh window,
 * otherwise the count goes up. The row lock of the upsert serialises concurrent hits on a key from
 * every instance, so none is lost. Windows use the database's clock, which every instance shares.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<WindowCount> {
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`
    insert into rate_limit_hits as r (key, hits, resets_at)
    values (${key}, 1, now() + ${windowMs}::integer * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.resets_at <= now() then 1 else r.hits + 1 end,
      resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
    returning r.hits, greatest(0, ceil(extract(epoch from r.resets_at - now()) * 1000))::integer as ttl_ms
  `.execute(db);
  // An upsert always returns its row.
  const [row] = rows as [{ hits: number; ttl_ms: number }];
  return { hits: row.hits, ttlMs: row.ttl_ms };
}

/** The key's current window without counting a hit (zero when it has none or it has ended). */
export async function readHits(db: Db, key: string): Promise<WindowCount> {
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`
    select hits, ceil(extract(epoch from resets_at - now()) * 1000)::integer as ttl_ms
    from rate_limit_hits where key = ${key} and resets_at > now()
  `.execute(db);
  const row = rows[0];
  return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
}

/**
 * Deletes rows whose window ended, at most `batch` at a time (a sweep never holds many locks).
 * An ended row is harmless meanwhile: the next hit on its key restarts it in place.
 */
export async function deleteEndedWindows(db: Db, batch = 5_000): Promise<number> {
  const result = await sql`
    delete from rate_limit_hits where key in (
      select key from rate_limit_hits where resets_at < now() order by resets_at limit ${batch}
      for update skip locked
    )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
