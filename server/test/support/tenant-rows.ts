import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

/**
 * One row in every table that has a `tenant_id`, for one new tenant, written on the service path
 * (straight SQL, no services): what the row-level security tests read and try to write across
 * tenants. A new tenant table needs a line here; the tests say so when one is missing.
 */
export async function seedTenantRows(db: Kysely<Database>, label: string) {
  const tag = `${label}-${randomUUID().slice(0, 8)}`;
  const tenant = await db
    .insertInto('tenants')
    .values({
      name: `Tenant ${tag}`,
      admin_email: `admin-${tag}@example.com`,
      status: 'active',
      primary_color: '#2563eb',
      theme: 'dark',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const t = tenant.id;
  const person = async (n: number) =>
    (
      await db
        .insertInto('users')
        .values({ email: `p${n}-${tag}@example.com`, tenant_id: t, is_super_admin: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [first, second] = [await person(1), await person(2)].sort();
  const report = `report-${tag}`;
  const later = new Date(Date.now() + 3_600_000);
  // users and tenant_people_versions (written by the users trigger) are filled above.
  const statements = [
    sql`insert into reports (id, tenant_id, power_bi_group_id, name, embed_url)
        values (${report}, ${t}, ${`ws-${tag}`}, ${`Report ${tag}`}, 'https://embed.test/r')`,
    sql`insert into report_grants (user_id, report_id, tenant_id) values (${first}, ${report}, ${t})`,
    sql`insert into groups (tenant_id, name) values (${t}, ${`Group ${tag}`})`,
    sql`insert into conversations (tenant_id, key, user_a, user_b)
        values (${t}, ${`${first}:${second}`}, ${first}, ${second})`,
    sql`insert into audit_events (action, tenant_id) values ('test.seeded', ${t})`,
    sql`insert into files (key, content_type, size, purpose, tenant_id)
        values (${`logos/${tag}.png`}, 'image/png', 1, 'logo', ${t})`,
    sql`insert into integrations (tenant_id, source_id, connection_id, external_tenant_id,
          external_tenant_type, scopes, access_token_enc, refresh_token_enc, access_expires_at)
        values (${t}, 'xero', ${`conn-${tag}`}, ${`org-${tag}`}, 'ORGANISATION', 'accounting',
          'enc', 'enc', ${later})`,
    sql`insert into oauth_states (state_hash, user_id, source_id, code_verifier, expires_at, tenant_id)
        values (${`state-${tag}`}, ${first}, 'xero', 'verifier', ${later}, ${t})`,
    sql`insert into report_subscriptions (tenant_id, user_id, report_id, format, frequency, time_of_day)
        values (${t}, ${first}, ${report}, 'PDF', 'daily', '08:00')`,
    sql`insert into report_usage (report_id, load_ms, render_ms, tenant_id)
        values (${report}, 10, 20, ${t})`,
    sql`insert into tenant_data_keys (tenant_id, data_key) values (${t}, 'wrapped-key')`,
  ];
  for (const statement of statements) await statement.execute(db);
  return { tenantId: t, userIds: [first, second] };
}
