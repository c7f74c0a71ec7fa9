import type { Kysely } from 'kysely';

/**
 * Why a session was ended, when the person should be told something other than "Session expired":
 * a role change ends every session of the person (the new role applies at once), and their next
 * refresh says so instead of reading like a fault. Null for every other ending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('end_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('end_reason').execute();
}
