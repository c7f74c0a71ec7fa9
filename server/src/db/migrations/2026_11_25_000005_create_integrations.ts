import { sql, type Kysely } from 'kysely';

/**
 * Data sources (a catalogue, seeded here), integrations (a connection of a source for a tenant,
 * with its provider tokens encrypted), pending OAuth authorizations, and the job queue scheduled
 * syncs run through. Deleting a tenant removes its integrations and pending states.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('auth_type', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('data_sources' as never)
    .values([
      {
        id: 'xero',
        name: 'Xero',
        description: 'Invoices, contacts and accounts from Xero accounting',
        icon: 'XERO',
        category: 'accounting',
        auth_type: 'oauth2',
        sort_order: 1,
      },
      {
        id: 'xpm',
        name: 'Xero Practice Manager',
        description: 'Clients, jobs and time from Xero Practice Manager',
        icon: 'XPM',
        category: 'accounting',
        auth_type: 'oauth2',
        sort_order: 2,
      },
      {
        id: 'salesforce',
        name: 'Salesforce',
        description: 'Accounts, opportunities and pipeline from Salesforce',
        icon: 'SF',
        category: 'crm',
        auth_type: 'api_key',
        sort_order: 3,
      },
      {
        id: 'quickbooks',
        name: 'QuickBooks',
        description: 'Invoices and expenses from QuickBooks Online',
        icon: 'QB',
        category: 'accounting',
        auth_type: 'api_key',
        sort_order: 4,
      },
    ] as never)
    .execute();

  await db.schema
    .createTable('integrations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('source_id', 'text', (c) => c.notNull().references('data_sources.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'error', 'inactive')`),
    )
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('external_tenant_id', 'text', (c) => c.notNull())
    .addColumn('external_tenant_type', 'text', (c) => c.notNull())
    .addColumn('external_tenant_name', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('access_token_enc', 'text', (c) => c.notNull())
    .addColumn('refresh_token_enc', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('fabric_dataset_id', 'text')
    .addColumn('last_sync', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('integrations_tenant_idx')
    .on('integrations')
    .column('tenant_id')
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('source_id', 'text', (c) => c.notNull().references('data_sources.id'))
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  // One scheduled job per kind and key: scheduling again moves it instead of adding a second.
  await sql`create unique index jobs_kind_key_unique on jobs (kind, key)`.execute(db);
  await db.schema.createIndex('jobs_run_at_idx').on('jobs').column('run_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['jobs', 'oauth_states', 'integrations', 'data_sources']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
