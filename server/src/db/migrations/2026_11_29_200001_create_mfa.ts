import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** A column naming the person a row belongs to: it goes when they do. */
const person = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('users.id').onDelete('cascade');

/**
 * Two-step verification (docs/security.md):
 * - `mfa_totp`: a person's authenticator-app secret, encrypted; unconfirmed (`confirmed_at` null)
 *   while being set up. `last_step` is the last accepted 30-second step, so a code works once.
 * - `mfa_recovery_codes`: one-time codes, stored as hashes.
 * - `mfa_passkeys`: WebAuthn credentials (public key, signature counter, transports, a name).
 * - `mfa_sign_in_tickets`: the second step of a sign-in (hashed ticket, 5 minutes, single use),
 *   with the "Remember me" choice and the challenge of a passkey sign-in under way.
 * - `mfa_passkey_challenges`: the challenge of a passkey being added, one per person.
 * - `tenants.require_mfa`: the organisation's policy; `sessions.mfa_enrolment_only` marks a
 *   session that may only set up a first factor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mfa_totp')
    .addColumn('user_id', 'uuid', (c) => person(c).primaryKey())
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => person(c))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('mfa_recovery_codes_user_code_key', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('mfa_passkeys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => person(c))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('backed_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('mfa_passkeys_user_idx')
    .on('mfa_passkeys')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('mfa_sign_in_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => person(c))
    .addColumn('remember', 'boolean', (c) => c.notNull())
    .addColumn('passkey_challenge', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mfa_sign_in_tickets_user_idx')
    .on('mfa_sign_in_tickets')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('mfa_passkey_challenges')
    .addColumn('user_id', 'uuid', (c) => person(c).primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('tenants')
    .addColumn('require_mfa', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('mfa_enrolment_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('mfa_enrolment_only').execute();
  await db.schema.alterTable('tenants').dropColumn('require_mfa').execute();
  for (const table of [
    'mfa_passkey_challenges',
    'mfa_sign_in_tickets',
    'mfa_passkeys',
    'mfa_recovery_codes',
    'mfa_totp',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
