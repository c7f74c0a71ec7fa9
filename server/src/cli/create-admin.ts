import { Email, NewPassword } from '@canopy/portal-contract';
import { migrateToLatest } from '../db/migrate.ts';
import { provisionSuperAdmin } from '../modules/users/super-admin-account.service.ts';
import { configOrExit, describeDatabase, openDatabase, run } from './cli-support.ts';
import { readPassword } from './read-password.ts';

const USAGE = `Usage: pnpm --filter @canopy/server create-admin <email>

Creates a super administrator, or sets a new password for an existing one (their sessions end).
The password is the first line piped to stdin; without one, CANOPY_ADMIN_PASSWORD; else it is
asked for (not echoed). A piped password wins over the variable, and the command says which it used.
It needs 8+ characters, an uppercase letter and a digit. Works on the configured database
(DATABASE_URL, else PGlite in CANOPY_DATA_DIR: stop a server using that folder first).`;

/**
 * A piped password wins: it is what the operator typed for this run, while CANOPY_ADMIN_PASSWORD
 * may be left over in the environment (the server's bootstrap pair). The source is reported.
 */
async function passwordFromOperator(): Promise<{ password: string; source: string }> {
  const fromEnv = process.env.CANOPY_ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    const piped = await readPassword('Password: ');
    if (piped) {
      return {
        password: piped,
        source: fromEnv
          ? 'password from stdin; CANOPY_ADMIN_PASSWORD ignored'
          : 'password from stdin',
      };
    }
  }
  if (fromEnv) return { password: fromEnv, source: 'password from CANOPY_ADMIN_PASSWORD' };
  const password = await readPassword('Password: ');
  if (process.stdin.isTTY && (await readPassword('Again: ')) !== password) {
    throw new Error("The passwords don't match");
  }
  return { password, source: 'password typed' };
}

run(async () => {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    console.error(USAGE);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 1;
  }
  const email = Email.safeParse(args[0]);
  if (!email.success) {
    console.error(`Not an email address: ${args[0]}`);
    return 1;
  }
  // The bootstrap pair is not this command's input (only the password may come from it).
  const config = configOrExit(['CANOPY_ADMIN_EMAIL', 'CANOPY_ADMIN_PASSWORD']);
  const given = await passwordFromOperator();
  const password = NewPassword.safeParse(given.password);
  if (!password.success) {
    console.error('The password is not accepted:');
    for (const issue of password.error.issues) console.error(`  - ${issue.message}`);
    return 1;
  }

  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const outcome = await provisionSuperAdmin(database.db, email.data, password.data);
    const where = `${describeDatabase(config)}, ${given.source}`;
    if (outcome === 'tenant-user') {
      console.error(`${email.data} belongs to a tenant user; choose another email. (${where})`);
      return 1;
    }
    console.log(
      outcome === 'created'
        ? `Created the super administrator ${email.data} (${where})`
        : `Set a new password for the super administrator ${email.data}; their sessions ended (${where})`,
    );
    return 0;
  } finally {
    await database.close();
  }
});
