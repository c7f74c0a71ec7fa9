import type { Kysely } from 'kysely';

/**
 * Indexes for the tenant, user and upload APIs: deleting a tenant or a person cascades to `files`
 * (by tenant, and `set null` by creator), which without these scans the whole table; the audit
 * API pages through all events newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('files_tenant_idx').on('files').column('tenant_id').execute();
  await db.schema.createIndex('files_created_by_idx').on('files').column('created_by').execute();
  await db.schema.createIndex('audit_events_at_idx').on('audit_events').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['audit_events_at_idx', 'files_created_by_idx', 'files_tenant_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
