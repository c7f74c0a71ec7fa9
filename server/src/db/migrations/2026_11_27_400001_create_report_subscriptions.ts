import { sql, type Kysely } from 'kysely';

/**
 * Report subscriptions: a person gets a report mailed as PDF or PowerPoint on a schedule in the
 * tenant's time zone (a new tenant setting, IANA name, 'UTC' until an Admin picks one).
 *
 * `subscription_deliveries` has one row per (subscription, occurrence): whichever instance inserts
 * it first sends that occurrence, so an occurrence is mailed once even if two workers raced for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();

  await db.schema
    .createTable('report_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report_id', 'text', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('PDF', 'PPTX')`))
    .addColumn('frequency', 'text', (c) =>
      c.notNull().check(sql`frequency in ('daily', 'weekly', 'monthly')`),
    )
    .addColumn('weekday', 'smallint', (c) => c.check(sql`weekday between 0 and 6`))
    .addColumn('month_day', 'smallint', (c) => c.check(sql`month_day between 1 and 31`))
    .addColumn('time_of_day', 'text', (c) =>
      c.notNull().check(sql`time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    )
    .addColumn('page_name', 'text')
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('last_sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('report_subscriptions_tenant_idx')
    .on('report_subscriptions')
    .column('tenant_id')
    .execute();
  await db.schema
    .createIndex('report_subscriptions_user_idx')
    .on('report_subscriptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('subscription_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('subscription_id', 'uuid', (c) =>
      c.notNull().references('report_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('occurrence', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('subscription_deliveries_occurrence_key', [
      'subscription_id',
      'occurrence',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_deliveries').ifExists().execute();
  await db.schema.dropTable('report_subscriptions').ifExists().execute();
  await db.schema.alterTable('tenants').dropColumn('time_zone').execute();
}
