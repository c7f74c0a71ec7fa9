import { ConfigError, loadConfig, type Config } from '../config.ts';
import { checkDatabase } from '../db/check-database.ts';
import { createDatabase, type DatabaseHandle } from '../db/create-database.ts';

/**
 * The configuration the server would use (same variables, same data folder), or exit 1 with the
 * message naming the bad variable. `ignore` drops variables a command does not use.
 */
export function configOrExit(ignore: string[] = []): Config {
  const env = { ...process.env };
  for (const name of ignore) delete env[name];
  try {
    return loadConfig(env, { refuseStandIns: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The configured database: PostgreSQL at DATABASE_URL, else PGlite in the data folder. PGlite is
 * one process's files: stop a server using the same folder before running a command on it.
 */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await createDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await checkDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export const describeDatabase = (config: Config) =>
  config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;

/** Runs a command's main; an unexpected error is one line on stderr and exit code 1. */
export function run(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
