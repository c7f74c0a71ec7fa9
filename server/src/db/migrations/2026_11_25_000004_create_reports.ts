import { sql, type Kysely } from 'kysely';

/**
 * Reports as the server knows them (kept in step with each tenant's workspace), per-person report
 * grants, the tenant's row-level-security key, and the report usage log. Everything cascades from
 * the tenant, and grants from the report too: a report removed upstream takes its grants along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dataset_id', 'text')
    .addColumn('embed_url', 'text', (c) => c.notNull())
    .addColumn('synced_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('reports_tenant_idx').on('reports').column('tenant_id').execute();

  await db.schema
    .createTable('report_grants')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report_id', 'text', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('granted_by', 'uuid')
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('report_grants_pk', ['user_id', 'report_id'])
    .execute();
  await db.schema
    .createIndex('report_grants_tenant_idx')
    .on('report_grants')
    .column('tenant_id')
    .execute();
  await db.schema
    .createIndex('report_grants_report_idx')
    .on('report_grants')
    .column('report_id')
    .execute();

  await db.schema
    .createTable('tenant_data_keys')
    .addColumn('tenant_id', 'uuid', (c) =>
      c.primaryKey().references('tenants.id').onDelete('cascade'),
    )
    .addColumn('data_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('report_usage')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('load_ms', 'integer', (c) => c.notNull())
    .addColumn('render_ms', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('report_usage_tenant_at_idx')
    .on('report_usage')
    .columns(['tenant_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['report_usage', 'tenant_data_keys', 'report_grants', 'reports']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
