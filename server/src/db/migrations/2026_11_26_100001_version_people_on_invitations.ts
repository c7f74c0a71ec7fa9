import { sql, type Kysely } from 'kysely';

/**
 * The list of people now shows when each invitation expires, so an invitation link issued, closed,
 * re-dated or removed changes what the list shows: it bumps the tenant's people version like a
 * change to the person does (see 2026_11_26_000020_version_tenant_people.ts). Reset links are not
 * shown, so they bump nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function canopy_invitation_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.purpose = 'invite' then
        perform canopy_bump_people_version(u.tenant_id) from users u
          where u.id = old.user_id and u.tenant_id is not null;
      end if;
      if tg_op <> 'DELETE' and new.purpose = 'invite'
        and (tg_op = 'INSERT' or old.purpose <> 'invite') then
        perform canopy_bump_people_version(u.tenant_id) from users u
          where u.id = new.user_id and u.tenant_id is not null;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger password_tokens_people_changed
    after insert or update or delete on password_tokens
    for each row execute function canopy_invitation_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists password_tokens_people_changed on password_tokens`.execute(db);
  await sql`drop function if exists canopy_invitation_changed()`.execute(db);
}
