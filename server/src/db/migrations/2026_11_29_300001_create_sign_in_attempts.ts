import { sql, type Kysely } from 'kysely';

/**
 * Password guesses counted per (address typed, client address) and per address typed, instead of
 * a counter on the account. The account counter was read, then the password verified, then the
 * failure counted, so concurrent guesses all passed the check; and anyone could lock any account
 * with five requests. Rows exist for addresses with no account too: the answer must not say which
 * addresses have one. The `client` of the account-wide row is '*'. See docs/security.md, "Limits".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addPrimaryKeyConstraint('sign_in_attempts_pkey', ['email', 'client'])
    .execute();
  await db.schema
    .alterTable('users')
    .dropColumn('failed_logins')
    .dropColumn('locked_until')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema.dropTable('sign_in_attempts').execute();
}
