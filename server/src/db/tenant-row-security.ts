import { sql, type Kysely } from 'kysely';
import { TENANT_ROLE, TENANT_SETTING } from './tenant-scoped-driver.ts';

/** The name of the policy that limits the tenant role to its tenant's rows. */
export const TENANT_POLICY = 'canopy_tenant_rows';
/** The name of the policy that lets the tables' owner (the service path) see every row. */
export const SERVICE_POLICY = 'canopy_service_rows';

/**
 * Puts a table with a `tenant_id` column behind row-level security, for the migration that
 * introduced it and for every later migration that creates such a table (a test fails for a
 * tenant table without it). The tenant role sees, changes and inserts only rows of the tenant in
 * the transaction's setting; with no tenant set it sees nothing. FORCE binds the tables' owner
 * too, so the owner gets a policy of its own that allows everything: the service path, which the
 * server's code takes on purpose (super administrators, workers; see tenant-context.ts).
 *
 * The setting is read with `missing_ok` and an empty value counts as none: a session that once
 * had it set reads '' afterwards, which must not fail a cast on the service path.
 *
 * Never change what this does: migrations that have run must mean the same when run again on an
 * empty database. A different rule is a new migration.
 */
export async function protectTenantTable(db: Kysely<unknown>, table: string): Promise<void> {
  const name = sql.table(table);
  const mine = sql`tenant_id = nullif(current_setting(${sql.lit(TENANT_SETTING)}, true), '')::uuid`;
  await sql`alter table ${name} enable row level security`.execute(db);
  await sql`alter table ${name} force row level security`.execute(db);
  await sql`
    create policy ${sql.id(TENANT_POLICY)} on ${name} as permissive for all
      to ${sql.id(TENANT_ROLE)} using (${mine}) with check (${mine})`.execute(db);
  await sql`
    create policy ${sql.id(SERVICE_POLICY)} on ${name} as permissive for all
      to current_user using (true) with check (true)`.execute(db);
}

/** Undoes protectTenantTable (a migration's `down`). */
export async function unprotectTenantTable(db: Kysely<unknown>, table: string): Promise<void> {
  const name = sql.table(table);
  await sql`drop policy if exists ${sql.id(SERVICE_POLICY)} on ${name}`.execute(db);
  await sql`drop policy if exists ${sql.id(TENANT_POLICY)} on ${name}`.execute(db);
  await sql`alter table ${name} no force row level security`.execute(db);
  await sql`alter table ${name} disable row level security`.execute(db);
}
