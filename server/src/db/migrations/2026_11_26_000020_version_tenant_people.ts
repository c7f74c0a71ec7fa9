import { sql, type Kysely } from 'kysely';

/**
 * A version number per tenant for its list of people, bumped by triggers whenever anything the list
 * shows changes (a person added, removed, renamed, signed in, activated; a role changed). The list
 * is read on every visit of the users screen; with the version, an instance answers it from memory
 * after one single-row read, and the answer is exactly as fresh as a full read would be (see
 * tenant-people-cache.ts). Triggers rather than calls in the code: a change made anywhere — a
 * migration, an operator's SQL, a cascade — bumps it too.
 *
 * No foreign key to `tenants`: a tenant's deletion cascades to its people, whose triggers bump the
 * version of a tenant being deleted; a left-over row of a deleted tenant is two numbers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_people_versions')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    create function canopy_bump_people_version(tenant uuid) returns void language sql as $$
      insert into tenant_people_versions (tenant_id, version) values (tenant, 1)
      on conflict (tenant_id) do update set version = tenant_people_versions.version + 1
    $$`.execute(db);
  await sql`
    create function canopy_people_changed() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'users' then
        if tg_op = 'UPDATE' and (old.email, old.tenant_id, old.is_super_admin, old.first_name,
            old.last_name, old.last_logged_in, old.password_hash is null)
          is not distinct from (new.email, new.tenant_id, new.is_super_admin, new.first_name,
            new.last_name, new.last_logged_in, new.password_hash is null) then
          return null;  -- a failed sign-in count, a new password: nothing the list shows
        end if;
        if tg_op <> 'INSERT' and old.tenant_id is not null then
          perform canopy_bump_people_version(old.tenant_id);
        end if;
        if tg_op <> 'DELETE' and new.tenant_id is not null
          and (tg_op = 'INSERT' or new.tenant_id is distinct from old.tenant_id) then
          perform canopy_bump_people_version(new.tenant_id);
        end if;
      elsif tg_op = 'DELETE' then
        perform canopy_bump_people_version(u.tenant_id) from users u
          where u.id = old.user_id and u.tenant_id is not null;
      else
        perform canopy_bump_people_version(u.tenant_id) from users u
          where u.id = new.user_id and u.tenant_id is not null;
        if tg_op = 'UPDATE' and new.user_id <> old.user_id then
          perform canopy_bump_people_version(u.tenant_id) from users u
            where u.id = old.user_id and u.tenant_id is not null;
        end if;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['users', 'user_roles']) {
    await sql`
      create trigger ${sql.raw(`${table}_people_changed`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function canopy_people_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_people_changed on users`.execute(db);
  await sql`drop trigger if exists user_roles_people_changed on user_roles`.execute(db);
  await sql`drop function if exists canopy_people_changed()`.execute(db);
  await sql`drop function if exists canopy_bump_people_version(uuid)`.execute(db);
  await db.schema.dropTable('tenant_people_versions').ifExists().execute();
}
