import { join } from 'node:path';
import { migrateToLatest } from '../db/migrate.ts';
import { AnalyticsClient } from '../modules/analytics/analytics-client.ts';
import { AnalyticsGateway } from '../modules/analytics/analytics-gateway.ts';
import { settingsFromConfig } from '../modules/analytics/analytics-settings.ts';
import { moveTenantsToProfiles } from '../modules/analytics/move-tenants-to-profiles.ts';
import {
  sharedEmulatorSettings,
  startLocalAnalytics,
} from '../modules/analytics/start-local-analytics.ts';
import { configOrExit, describeDatabase, openDatabase, run } from './cli-support.ts';

const USAGE = `Usage: pnpm --filter @canopy/server analytics-profiles [--dry-run] [--keep-principal]

Gives every tenant whose analytics workspace still belongs to the service principal a service
principal profile of its own: the profile is made Admin of the existing workspace and Viewer of the
template, the tenant records it (every later call for the tenant acts as it), and the service
principal leaves the workspace. Tenants that already have a profile are checked for the principal
still being in their workspace. Safe to run again; a failure is reported and the others go on.

  --dry-run         list the tenants that would get a profile; call and change nothing
  --keep-principal  leave the service principal in the workspaces too (a way back)

Uses the server's configuration: the analytics service of CANOPY_ANALYTICS_* or CANOPY_EMULATOR_URL,
else the emulator kept in CANOPY_DATA_DIR/emulator, and the configured database (DATABASE_URL, else
PGlite in CANOPY_DATA_DIR: stop a server using that folder first).`;

run(async () => {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const known = new Set(['--dry-run', '--keep-principal']);
  if (args.some((a) => !known.has(a))) {
    const help = args.includes('--help') || args.includes('-h');
    (help ? console.log : console.error)(USAGE);
    return help ? 0 : 1;
  }
  const dryRun = args.includes('--dry-run');
  const keepPrincipal = args.includes('--keep-principal');
  const config = configOrExit(['CANOPY_ADMIN_EMAIL', 'CANOPY_ADMIN_PASSWORD']);

  const shared = config.embed.sharedEmulator;
  // The hosted emulator's catalogue lives in the data folder: open it the way the server does.
  const local =
    config.analytics || shared
      ? undefined
      : await startLocalAnalytics({ port: 0, dataDir: join(config.dataDir, 'emulator') });
  const settings = config.analytics
    ? settingsFromConfig(config.analytics, config.embed.rlsRole)
    : shared
      ? sharedEmulatorSettings(shared)
      : local?.settings;
  const database = await openDatabase(config);
  try {
    if (!settings) throw new Error('No analytics service configured');
    await migrateToLatest(database.db);
    const gateway = new AnalyticsGateway(new AnalyticsClient(settings), config.embed.profiles);
    console.log(
      `${dryRun ? 'Dry run: ' : ''}tenants of ${describeDatabase(config)}, analytics at ${settings.apiUrl}`,
    );
    const result = await moveTenantsToProfiles(database.db, gateway, {
      dryRun,
      keepPrincipal,
      report: (line) => console.log(`  ${line}`),
    });
    console.log(
      `${dryRun ? 'Would give' : 'Gave'} ${result.moved} tenant(s) a profile; ${result.checked} had one; ${result.failed} failed.`,
    );
    if (!config.embed.profiles && !dryRun) {
      console.log(
        'CANOPY_ANALYTICS_PROFILES is off: moved tenants keep their profile, new tenants get none.',
      );
    }
    return result.failed > 0 ? 2 : 0;
  } finally {
    await database.close();
    await local?.emulator.close();
  }
});
