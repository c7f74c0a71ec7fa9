import { configOrExit, describeDatabase, openDatabase, run } from './cli-support.ts';
import { rebuildUsageRollups } from '../modules/usage/usage-rollups.ts';

/**
 * `pnpm --filter @canopy/server rebuild-usage-rollups` (`node dist/rebuild-usage-rollups.js`):
 * recomputes the daily usage rollups that usage analytics reads from the usage log, e.g. after
 * rows were loaded or deleted with the trigger disabled. Beacons wait while it runs.
 */
run(async () => {
  const config = configOrExit(['CANOPY_ADMIN_EMAIL', 'CANOPY_ADMIN_PASSWORD']);
  const database = await openDatabase(config);
  try {
    const started = performance.now();
    const counts = await rebuildUsageRollups(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${describeDatabase(config)}: ${counts.views} views rolled up into ${counts.personDays} ` +
        `person-days and ${counts.latencyDays} latency rows in ${seconds} s`,
    );
    return 0;
  } finally {
    await database.close();
  }
});
