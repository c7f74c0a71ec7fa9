import type { Kysely } from 'kysely';

/**
 * Deliveries that survive a crash, and subscriptions that say why they stopped.
 *
 * `subscription_deliveries.lease_until`: an instance holds a delivery only until then and renews
 * it while it exports and mails; a delivery left `sending` by an instance that died is taken
 * again once its lease has run out. Rows left `sending` before this column existed have no
 * lease, which counts as run out.
 *
 * `subscription_deliveries.message_id`: the occurrence's idempotency key, written when the
 * delivery is taken and sent as the mail's Message-ID, so a mail sent again after a crash in
 * the middle of an SMTP exchange is recognisably the same mail. `mail_started_at`: when the mail
 * was handed to SMTP (the worker's log says so when it sends such a delivery again).
 *
 * `report_subscriptions.paused_reason`: why the server paused it ('no-access' or 'failures');
 * null when a person paused it or it runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscription_deliveries')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('message_id', 'text')
    .addColumn('mail_started_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('report_subscriptions').addColumn('paused_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_subscriptions').dropColumn('paused_reason').execute();
  await db.schema
    .alterTable('subscription_deliveries')
    .dropColumn('lease_until')
    .dropColumn('message_id')
    .dropColumn('mail_started_at')
    .execute();
}
