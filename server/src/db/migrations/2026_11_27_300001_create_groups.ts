import { sql, type Kysely } from 'kysely';

/**
 * Groups of a tenant's people, their members and the reports granted to a group. A person sees a
 * report granted to them directly or to any group they are in. Everything cascades: deleting a
 * tenant, a group, a person or a report (removed upstream) takes the rows that name it along, so a
 * grant never outlives what it grants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // "Sales" and "sales" are one name within a tenant; other tenants may use it too.
  await sql`create unique index groups_tenant_name_idx on groups (tenant_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('group_members_user_idx')
    .on('group_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('group_report_grants')
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('report_id', 'text', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('granted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_report_grants_pk', ['group_id', 'report_id'])
    .execute();
  await db.schema
    .createIndex('group_report_grants_report_idx')
    .on('group_report_grants')
    .column('report_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_report_grants').ifExists().execute();
  await db.schema.dropTable('group_members').ifExists().execute();
  await db.schema.dropTable('groups').ifExists().execute();
}
