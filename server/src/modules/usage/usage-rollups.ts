import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Kysely } from 'kysely';

export interface RollupCounts {
  /** Rows of the usage log the rollups were computed from. */
  views: number;
  personDays: number;
  latencyDays: number;
}

/**
 * Recomputes the usage rollups (usage_person_days, usage_latency_days) from the usage log, in one
 * transaction: analytics keeps reading the old rows until it commits. New beacons wait for it
 * (the lock keeps a view from being added to rows the rebuild is about to replace), so it is an
 * operator's repair, not a routine job: the trigger on `report_usage` keeps them current.
 */
export async function rebuildUsageRollups(db: Kysely<Database>): Promise<RollupCounts> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table report_usage in share row exclusive mode`.execute(trx);
    await sql`select canopy_rebuild_usage_rollups(null)`.execute(trx);
    const { rows } = await sql<RollupCounts>`select
        (select count(*)::int from report_usage) as views,
        (select count(*)::int from usage_person_days) as "personDays",
        (select count(*)::int from usage_latency_days) as "latencyDays"`.execute(trx);
    const counts = rows[0];
    if (!counts) throw new Error('no counts');
    return counts;
  });
}
