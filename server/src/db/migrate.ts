import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

const migrator = (db: Kysely<Database>) =>
  new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });

/** Brings the schema to the latest migration. Throws (with the failing migration's name) on error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    // No migration ran: the migrator could not even read its table (a connection error); say that.
    if (!failed && result.error instanceof Error) throw result.error;
    const reason = result.error instanceof Error ? result.error.message : 'unknown error';
    throw new Error(`Migration ${failed ?? '(none)'} failed: ${reason}`, { cause: result.error });
  }
  return result;
}

/**
 * How many of this build's migrations the database has not run yet. Readiness waits for 0: an
 * instance of a newer release must not take traffic before its schema exists.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<number> {
  const known = await migrator(db).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).length;
}
