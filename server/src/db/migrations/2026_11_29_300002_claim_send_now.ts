import { sql, type Kysely } from 'kysely';

/**
 * Two things about subscriptions' queued work.
 *
 * `send_now_at`: when "Send now" was last claimed. The claim is one conditional UPDATE of this
 * column, so concurrent requests queue one export per subscription per minute, not one each.
 *
 * A subscription's jobs (its scheduled run, keyed by its id, and its "Send now" runs, keyed
 * `<id>@<time>`) are deleted with it by a trigger: a subscription also goes when its person, its
 * report or its tenant is deleted (the rows cascade), and code that deletes it does not run then.
 * Jobs already left behind that way are removed here. The job kinds are the names the
 * subscription module uses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('report_subscriptions')
    .addColumn('send_now_at', 'timestamptz')
    .execute();
  await sql`
    create function canopy_subscription_jobs_gone() returns trigger language plpgsql as $$
    begin
      delete from jobs
       where (kind = 'subscription' and key = old.id::text)
          or (kind = 'subscription-send-now' and key like old.id::text || '@%');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger report_subscriptions_jobs_gone
    after delete on report_subscriptions
    for each row execute function canopy_subscription_jobs_gone()`.execute(db);
  await sql`
    delete from jobs j
     where (j.kind = 'subscription'
            and not exists (select 1 from report_subscriptions s where s.id::text = j.key))
        or (j.kind = 'subscription-send-now'
            and not exists (select 1 from report_subscriptions s
                             where s.id::text = split_part(j.key, '@', 1)))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger report_subscriptions_jobs_gone on report_subscriptions`.execute(db);
  await sql`drop function canopy_subscription_jobs_gone()`.execute(db);
  await db.schema.alterTable('report_subscriptions').dropColumn('send_now_at').execute();
}
