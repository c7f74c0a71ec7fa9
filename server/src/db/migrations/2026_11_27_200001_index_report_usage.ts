import type { Kysely } from 'kysely';

/**
 * Usage analytics read windows of the usage log: `(at)` serves a window over every tenant (the
 * existing `(tenant_id, at)` serves one tenant's), and `(report_id, at)` answers "was this report
 * opened since …" and "when was it last opened" per report with one index probe. Measured at a
 * million rows in server/bench/RESULTS-analytics.md: the reports-nobody-opened query went from
 * 3.5 s to 3 ms, a 7-day window over every tenant from 85 ms to 17 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('report_usage_at_idx').on('report_usage').column('at').execute();
  await db.schema
    .createIndex('report_usage_report_at_idx')
    .on('report_usage')
    .columns(['report_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('report_usage_report_at_idx').ifExists().execute();
  await db.schema.dropIndex('report_usage_at_idx').ifExists().execute();
}
