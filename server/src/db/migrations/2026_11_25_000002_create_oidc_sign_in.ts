import { sql, type Kysely } from 'kysely';

/**
 * External sign-in (OpenID Connect) keeps two short-lived, single-use records server-side:
 * - `oidc_requests`: one per started sign-in, found by the hash of its `state`; it holds the
 *   nonce, the PKCE verifier and where to go afterwards (10 minutes);
 * - `sign_in_tickets`: the one-time ticket the SPA's /oauth/callback exchanges for a session
 *   (60 seconds), stored hashed like every other secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_requests')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oidc_requests_expires_idx')
    .on('oidc_requests')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('sign_in_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_tickets_user_idx')
    .on('sign_in_tickets')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_tickets').ifExists().execute();
  await db.schema.dropTable('oidc_requests').ifExists().execute();
}
