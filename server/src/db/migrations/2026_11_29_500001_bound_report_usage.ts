import type { Kysely } from 'kysely';

/**
 * The usage beacon counts a person's view of a report at most once per period: `view_slot` is the
 * number of the period (seconds since the epoch divided by its length) the view fell in, and the
 * unique index makes a second beacon in the same period a no-op, however many arrive at once.
 * Rows written before this have no slot (NULLs never collide) and stay as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_usage').addColumn('view_slot', 'bigint').execute();
  await db.schema
    .createIndex('report_usage_view_slot_idx')
    .on('report_usage')
    .columns(['user_id', 'report_id', 'view_slot'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('report_usage_view_slot_idx').ifExists().execute();
  await db.schema.alterTable('report_usage').dropColumn('view_slot').execute();
}
