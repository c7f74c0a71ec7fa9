import { sql, type Kysely } from 'kysely';

/**
 * "Remember me" decides whether a session outlives the browser. A session started without it is
 * not persistent: its refresh cookie has no expiry (the browser drops it on close) and the server
 * accepts each of its refresh credentials only for a short idle time, so a cookie copied from a
 * closed browser does not stay usable for the whole refresh TTL. Sessions that exist before this
 * migration were all issued with a lasting cookie, so they stay persistent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('persistent', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('persistent').execute();
}
