import type { Kysely } from 'kysely';

/**
 * `reports.group_id` held the report's analytics workspace (a text id of the service) and sat next
 * to `group_members.group_id` (a uuid, a tenant's group of people): one name for two things. It is
 * now `power_bi_group_id`, the name the workspace id has in `tenants` and everywhere in the code.
 * No index names the column (reports are read by tenant and id), so only the column changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').renameColumn('group_id', 'power_bi_group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').renameColumn('power_bi_group_id', 'group_id').execute();
}
