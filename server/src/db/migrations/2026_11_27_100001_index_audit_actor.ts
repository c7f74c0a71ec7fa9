import type { Kysely } from 'kysely';

/**
 * The audit log filters by person: by id, an index lookup, newest first. (By part of an email it
 * scans; the log is read by a few super administrators, not on every request.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_events_actor_at_idx')
    .on('audit_events')
    .columns(['actor_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_events_actor_at_idx').ifExists().execute();
}
