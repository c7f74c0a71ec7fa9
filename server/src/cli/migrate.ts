import { configOrExit, describeDatabase, openDatabase, run } from './cli-support.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** `pnpm --filter @canopy/server migrate`: brings the configured database to the latest schema. */
run(async () => {
  const config = configOrExit(['CANOPY_ADMIN_EMAIL', 'CANOPY_ADMIN_PASSWORD']);
  const database = await openDatabase(config);
  try {
    const { results = [] } = await migrateToLatest(database.db);
    for (const result of results) console.log(`migrated ${result.migrationName}`);
    console.log(
      `${describeDatabase(config)}: ${results.length === 0 ? 'already up to date' : `${results.length} migration(s) applied`}`,
    );
    return 0;
  } finally {
    await database.close();
  }
});
