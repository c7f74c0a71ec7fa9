import { sql, type Kysely } from 'kysely';

/**
 * Each tenant's service principal profile (docs/portal-operations.md, "One profile per tenant"):
 * null for tenants whose workspace still belongs to the service principal (made before profiles,
 * or with CANOPY_ANALYTICS_PROFILES=off) until `analytics-profiles` migrates them. A profile
 * belongs to one tenant only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('analytics_profile_id', 'text').execute();
  await sql`create unique index tenants_analytics_profile_idx on tenants (analytics_profile_id)
    where analytics_profile_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tenants_analytics_profile_idx').ifExists().execute();
  await db.schema.alterTable('tenants').dropColumn('analytics_profile_id').execute();
}
