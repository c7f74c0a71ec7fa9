import { Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely';
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

/**
 * The migrations the database has run that this build does not know: a newer release migrated it.
 * Its schema may have renamed or dropped what this code reads, so readiness reports it and the
 * proxy drains this instance (a rolling upgrade keeps it running only while the schema is older).
 */
export async function unknownMigrations(db: Kysely<Database>): Promise<string[]> {
  const known = new Set(Object.keys(migrations));
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name).filter((name) => !known.has(name));
}
