import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Brings the schema to the latest migration. Throws (with the failing migration's name) on error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = result.error instanceof Error ? result.error.message : 'unknown error';
    throw new Error(`Migration ${failed} failed: ${reason}`, { cause: result.error });
  }
  return result;
}
