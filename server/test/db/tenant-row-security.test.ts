import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';
import type { Database } from '../../src/db/database.ts';
import { asService, asTenant } from '../../src/db/tenant-context.ts';
import { TENANT_POLICY } from '../../src/db/tenant-row-security.ts';
import { TENANT_ROLE, TENANT_SETTING } from '../../src/db/tenant-scoped-driver.ts';
import { testBackend } from '../support/backend.ts';
import { seedTenantRows } from '../support/tenant-rows.ts';
import { createTestDatabase } from '../support/test-database.ts';

let handle: DatabaseHandle;
let db: Kysely<Database>;
let a: Awaited<ReturnType<typeof seedTenantRows>>;
let b: Awaited<ReturnType<typeof seedTenantRows>>;
let tables: string[];

/** Every ordinary table of the schema with a `tenant_id` column, from the catalog. */
async function tenantTables(): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    select c.relname from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where c.relkind in ('r', 'p') order by c.relname`.execute(db);
  return rows.map((row) => row.relname);
}

const count = async (table: string, tenantId: string) => {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(db);
  return rows[0]!.n;
};

/** What a session looks like from inside: its role and the tenant setting. */
const sessionState = async (on: Kysely<Database>) =>
  (
    await sql<{ role: string; tenant: string | null }>`
      select current_user as role,
             nullif(current_setting(${TENANT_SETTING}, true), '') as tenant`.execute(on)
  ).rows[0]!;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  a = await seedTenantRows(db, 'A');
  b = await seedTenantRows(db, 'B');
  tables = await tenantTables();
});
afterAll(() => handle.close());

describe('row-level security, the second line of tenant separation', () => {
  it('guards every table with a tenant_id: enabled, forced, and a policy for the tenant role', async () => {
    const { rows } = await sql<{
      relname: string;
      enabled: boolean;
      forced: boolean;
      policy: boolean;
    }>`
      select c.relname, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             exists (select from pg_policy p
                      where p.polrelid = c.oid and p.polname = ${TENANT_POLICY}
                        and p.polroles = array[(select oid from pg_roles where rolname = ${TENANT_ROLE})]
                        and pg_get_expr(p.polqual, p.polrelid) like ${`%${TENANT_SETTING}%`}
                        and pg_get_expr(p.polwithcheck, p.polrelid) like ${`%${TENANT_SETTING}%`})
               as policy
        from pg_class c
       where c.relname = any(${tables}) and c.relnamespace = current_schema()::regnamespace
       order by c.relname`.execute(db);
    // Thirteen when this line was written; a new tenant table must join them, never drop one.
    expect(rows.length).toBeGreaterThanOrEqual(13);
    const unguarded = rows.filter((row) => !(row.enabled && row.forced && row.policy));
    expect(unguarded.map((row) => row.relname)).toEqual([]);
  });

  it('runs tenant work as a role that row-level security binds', async () => {
    const { rows } = await sql<{ super: boolean; bypass: boolean; owns: number }>`
      select r.rolsuper as super, r.rolbypassrls as bypass,
             (select count(*)::int from pg_class c where c.relowner = r.oid) as owns
        from pg_roles r where r.rolname = ${TENANT_ROLE}`.execute(db);
    expect(rows).toEqual([{ super: false, bypass: false, owns: 0 }]);
    expect(await asTenant(a.tenantId, () => sessionState(db))).toEqual({
      role: TENANT_ROLE,
      tenant: a.tenantId,
    });
  });

  it("shows a deliberately unscoped query in tenant A's scope only A's rows, in every tenant table", async () => {
    const problems: string[] = [];
    for (const table of tables) {
      const [ofA, ofB] = [await count(table, a.tenantId), await count(table, b.tenantId)];
      if (ofA === 0 || ofB === 0) {
        problems.push(`${table}: no rows seeded (add it to test/support/tenant-rows.ts)`);
        continue;
      }
      const seen = await asTenant(a.tenantId, () =>
        sql<{ tenant_id: string }>`select tenant_id from ${sql.table(table)}`.execute(db),
      );
      const tenants = [...new Set(seen.rows.map((row) => row.tenant_id))];
      if (seen.rows.length !== ofA || tenants.join() !== a.tenantId) {
        problems.push(`${table}: saw ${seen.rows.length} rows of ${tenants.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("refuses to write another tenant's rows from tenant A's scope, in every tenant table", async () => {
    const problems: string[] = [];
    for (const table of tables) {
      const name = sql.table(table);
      const { rows } = await sql<{ row: unknown }>`
        select to_json(t) as row from ${name} t where tenant_id = ${b.tenantId} limit 1`.execute(
        db,
      );
      const copyOfB = JSON.stringify(rows[0]!.row);
      const inserted = await asTenant(a.tenantId, () =>
        sql`insert into ${name} select * from json_populate_record(null::${name}, ${copyOfB}::json)`.execute(
          db,
        ),
      ).then(
        () => 'accepted',
        (error: { code?: string }) => error.code,
      );
      // 42501: "new row violates row-level security policy".
      if (inserted !== '42501') problems.push(`${table}: an insert for B was ${inserted}`);
      const changed = await asTenant(a.tenantId, async () => {
        const updated =
          await sql`update ${name} set tenant_id = tenant_id where tenant_id = ${b.tenantId}`.execute(
            db,
          );
        const deleted = await sql`delete from ${name} where tenant_id = ${b.tenantId}`.execute(db);
        return Number(updated.numAffectedRows ?? 0) + Number(deleted.numAffectedRows ?? 0);
      });
      if (changed !== 0) problems.push(`${table}: changed ${changed} rows of B`);
      const moved = await asTenant(a.tenantId, () =>
        sql`update ${name} set tenant_id = ${b.tenantId} where tenant_id = ${a.tenantId}`.execute(
          db,
        ),
      ).then(
        () => 'accepted',
        (error: { code?: string }) => error.code,
      );
      if (moved !== '42501') problems.push(`${table}: moving A's rows to B was ${moved}`);
      if ((await count(table, b.tenantId)) === 0) problems.push(`${table}: B's rows are gone`);
    }
    expect(problems).toEqual([]);
  });

  it('shows the tenant role nothing when no tenant is set', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      await sql`set local role ${sql.id(TENANT_ROLE)}`.execute(trx);
      return sql<{ n: number }>`select count(*)::int as n from reports`.execute(trx);
    });
    expect(seen.rows[0]!.n).toBe(0);
  });

  it('leaves the service path unrestricted, and an explicit one drops an inherited tenant', async () => {
    const all = (on: Kysely<Database>) =>
      sql<{ n: number }>`select count(distinct tenant_id)::int as n from reports`.execute(on);
    expect((await all(db)).rows[0]!.n).toBeGreaterThanOrEqual(2);
    const inner = await asTenant(a.tenantId, () => asService('test', () => all(db)));
    expect(inner.rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('makes a Kysely transaction in a tenant scope a savepoint: its rollback keeps the scope', async () => {
    const before = await count('groups', a.tenantId);
    await asTenant(a.tenantId, async () => {
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('groups').values({ tenant_id: a.tenantId, name: 'Gone' }).execute();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('groups').values({ tenant_id: a.tenantId, name: 'Kept' }).execute();
        expect(await sessionState(trx)).toEqual({ role: TENANT_ROLE, tenant: a.tenantId });
      });
    });
    expect(await count('groups', a.tenantId)).toBe(before + 1);
  });

  it('hands a pooled connection back clean after a tenant scope, also after a failed query', async () => {
    // One connection, so the next query surely gets the one the scope used.
    const single =
      testBackend() === 'postgres'
        ? await createDatabase({ kind: 'postgres', url: handle.url!, poolSize: 1 })
        : handle;
    try {
      const service = await sessionState(single.db);
      expect(service.tenant).toBeNull();
      await asTenant(a.tenantId, () => sessionState(single.db));
      expect(await sessionState(single.db)).toEqual(service);
      await expect(
        asTenant(a.tenantId, () => sql`select 1 / 0`.execute(single.db)),
      ).rejects.toMatchObject({ code: '22012' });
      expect(await sessionState(single.db)).toEqual(service);
      await expect(
        asTenant(a.tenantId, () =>
          single.db.transaction().execute(async (trx) => {
            await sql`select 1 / 0`.execute(trx);
          }),
        ),
      ).rejects.toMatchObject({ code: '22012' });
      expect(await sessionState(single.db)).toEqual(service);
      const { rows } = await sql<{ n: number }>`
        select count(distinct tenant_id)::int as n from reports`.execute(single.db);
      expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    } finally {
      if (single !== handle) await single.close();
    }
  });

  it('refuses a tenant scope whose tenant is not a uuid', () => {
    expect(() => asTenant("x'; drop table reports; --", () => undefined)).toThrow(/uuid/);
  });
});
