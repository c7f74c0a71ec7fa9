import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  attempts: number;
}

/**
 * A small job queue on PostgreSQL (the `jobs` table). pg-boss ≥ 11 and graphile-worker ≥ 0.17 need
 * Node 22, and older versions do not run on PGlite; the server needs only "run this job for this
 * key at this time, once", which is one table and `FOR UPDATE SKIP LOCKED`: several instances can
 * poll at once and each job is claimed by exactly one of them. A claim is a lease (`locked_until`):
 * if an instance dies mid-job, the job becomes claimable again when the lease ends.
 */

/** Schedules (or moves) the one job of this kind and key. */
export async function scheduleJob(db: Db, kind: string, key: string, runAt: Date): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ kind, key, run_at: runAt })
    .onConflict((oc) =>
      oc.columns(['kind', 'key']).doUpdateSet({ run_at: runAt, locked_until: null }),
    )
    .execute();
}

export async function cancelJob(db: Db, kind: string, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('kind', '=', kind).where('key', '=', key).execute();
}

/** Claims one due job for `leaseMs`, or none. Concurrent callers never get the same job. */
export async function claimJob(
  db: Db,
  kind: string,
  leaseMs: number,
): Promise<ClaimedJob | undefined> {
  const result = await sql<ClaimedJob>`
    update jobs
       set locked_until = now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval,
           attempts = attempts + 1
     where id = (
       select id from jobs
        where kind = ${kind}
          and run_at <= now()
          and (locked_until is null or locked_until < now())
        order by run_at
        limit 1
        for update skip locked)
    returning id, kind, key, attempts`.execute(db);
  return result.rows[0];
}

/** Done: the job waits for its next run (or is removed when there is none). */
export async function finishJob(db: Db, id: number, nextRunAt: Date | null): Promise<void> {
  if (!nextRunAt) {
    await db.deleteFrom('jobs').where('id', '=', id).execute();
    return;
  }
  await db
    .updateTable('jobs')
    .set({ run_at: nextRunAt, locked_until: null, attempts: 0, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Failed: retried after a back-off that grows with the attempts (at most an hour). */
export async function failJob(db: Db, id: number, attempts: number, error: string): Promise<void> {
  const delayMs = Math.min(60 * 60_000, 60_000 * 2 ** Math.min(attempts, 6));
  await db
    .updateTable('jobs')
    .set({
      run_at: new Date(Date.now() + delayMs),
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Extends a claimed job's lease: a long job renews it while it runs, so its lease can be short
 * and a job whose instance died is claimed again soon after.
 */
export async function extendJob(db: Db, id: number, leaseMs: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where('id', '=', id)
    .where('locked_until', 'is not', null)
    .execute();
}
