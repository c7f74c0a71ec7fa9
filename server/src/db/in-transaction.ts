import type { Db } from './database.ts';

/**
 * Runs `work` in the caller's transaction, or in a new one when the caller has none: for changes
 * that must commit (or roll back) together with what they announce.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
