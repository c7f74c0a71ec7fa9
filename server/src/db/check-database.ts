import { sql } from 'kysely';
import { databaseUnreachable } from '../start-up-errors.ts';
import type { DatabaseHandle } from './create-database.ts';

/** How long a start waits for PostgreSQL to answer before it says so (a dropped SYN waits forever). */
const CONNECT_LIMIT_MS = 15_000;

/**
 * One round trip before anything else, so an unreachable or missing database is one line naming
 * DATABASE_URL instead of a migration failure with a driver stack. PGlite always answers.
 */
export async function checkDatabase(database: DatabaseHandle): Promise<void> {
  if (database.backend !== 'postgres' || !database.url) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(database.db),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error(), { code: 'ETIMEDOUT' })),
          CONNECT_LIMIT_MS,
        );
      }),
    ]);
  } catch (error) {
    throw databaseUnreachable(database.url, error);
  } finally {
    clearTimeout(timer);
  }
}
