import { sql, type Kysely } from 'kysely';
import { protectTenantTable, unprotectTenantTable } from '../tenant-row-security.ts';

/**
 * Row-level security as the second line of tenant separation (docs/decisions/0002): the role
 * tenant work runs as, its privileges, and a policy on every table that has a `tenant_id`.
 *
 * Roles belong to the whole PostgreSQL cluster, not to one database: `canopy_tenant` may exist
 * already (another database of this cluster, or an operator created it), and several databases
 * may migrate at the same moment (the test suites), so creating it tolerates a role that appears
 * meanwhile. It cannot log in and does not bypass row-level security; the server's user becomes a
 * member so that it may `SET ROLE` to it. A user that may not create roles gets a message saying
 * what the operator must do (docs/portal-operations.md).
 *
 * The tables are found in the catalog rather than listed: every table with a `tenant_id` when this
 * runs is covered, including ones added by migrations that sort before this one. Tables created
 * later must call protectTenantTable themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if not exists (select from pg_roles where rolname = 'canopy_tenant') then
        begin
          create role canopy_tenant nologin nosuperuser nobypassrls;
        exception
          when duplicate_object or unique_violation then null;
          when insufficient_privilege then
            raise exception 'the database user % may not create roles', current_user
              using hint = 'As a superuser run: CREATE ROLE canopy_tenant NOLOGIN NOBYPASSRLS; '
                || 'GRANT canopy_tenant TO ' || quote_ident(current_user) || '; then start again';
        end;
      end if;
      if not pg_has_role(current_user, 'canopy_tenant', 'member') then
        begin
          execute format('grant canopy_tenant to %I', current_user);
        exception
          when unique_violation then null;
          when insufficient_privilege then
            raise exception 'the database user % is not a member of canopy_tenant', current_user
              using hint = 'As a superuser run: GRANT canopy_tenant TO '
                || quote_ident(current_user) || '; then start again';
        end;
      end if;
    end $$`.execute(db);
  const schema = await currentSchema(db);
  // What tenant work does: read and write rows (the policies choose which) and draw ids.
  await sql`grant usage on schema ${schema} to canopy_tenant`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema ${schema} to canopy_tenant`.execute(
    db,
  );
  await sql`grant usage, select on all sequences in schema ${schema} to canopy_tenant`.execute(db);
  await sql`revoke all on kysely_migration, kysely_migration_lock from canopy_tenant`.execute(db);
  await sql`alter default privileges in schema ${schema}
    grant select, insert, update, delete on tables to canopy_tenant`.execute(db);
  await sql`alter default privileges in schema ${schema}
    grant usage, select on sequences to canopy_tenant`.execute(db);

  for (const table of await tenantTables(db)) await protectTenantTable(db, table);
  // Logos are public (served to anyone at /api/files/…); one uploaded by a super administrator,
  // e.g. while creating a tenant, has no tenant, and the tenant's Admin must be able to keep it.
  await sql`
    create policy canopy_tenant_reads_shared_logos on files for select to canopy_tenant
      using (tenant_id is null and purpose = 'logo')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop policy if exists canopy_tenant_reads_shared_logos on files`.execute(db);
  for (const table of await tenantTables(db)) await unprotectTenantTable(db, table);
  const schema = await currentSchema(db);
  await sql`alter default privileges in schema ${schema}
    revoke select, insert, update, delete on tables from canopy_tenant`.execute(db);
  await sql`alter default privileges in schema ${schema}
    revoke usage, select on sequences from canopy_tenant`.execute(db);
  await sql`revoke all on all sequences in schema ${schema} from canopy_tenant`.execute(db);
  await sql`revoke all on all tables in schema ${schema} from canopy_tenant`.execute(db);
  await sql`revoke usage on schema ${schema} from canopy_tenant`.execute(db);
  // The role stays: other databases of the cluster may use it.
}

async function currentSchema(db: Kysely<unknown>) {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const [row] = rows;
  if (!row) throw new Error('No current schema');
  return sql.id(row.schema);
}

/** Every ordinary table of the current schema with a `tenant_id` column. */
async function tenantTables(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
     where c.column_name = 'tenant_id' and c.table_schema = current_schema()
       and t.table_type = 'BASE TABLE'
     order by c.table_name`.execute(db);
  return rows.map((row) => row.table_name);
}
