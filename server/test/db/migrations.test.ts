import { sql } from 'kysely';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { createEmptyTestDatabase } from '../support/test-database.ts';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const names = Object.keys(migrations);
const migrator = (h: DatabaseHandle) =>
  new Migrator({ db: h.db, provider: { getMigrations: () => Promise.resolve(migrations) } });

async function tables(h: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' order by tablename`.execute(
    h.db,
  );
  return rows.map((r) => r.tablename);
}

// Each case runs every migration, some more than once: on PGlite, beside the other suites, that
// takes far longer than a request test.
describe('migrations', { timeout: 120_000 }, () => {
  it('are named in order, so they run in the order they were written', () => {
    expect(names).toEqual([...names].sort());
  });

  it('build the whole schema on an empty database, and a second run does nothing', async () => {
    handle = await createEmptyTestDatabase();
    const first = await migrateToLatest(handle.db);
    expect(first.results?.map((r) => r.migrationName)).toEqual(names);
    expect(await tables(handle)).toEqual(
      expect.arrayContaining(['tenants', 'users', 'user_roles', 'sessions', 'audit_events']),
    );
    const second = await migrateToLatest(handle.db);
    expect(second.results).toEqual([]);
  });

  it('keep existing data when a database written by the first release is brought up to date', async () => {
    handle = await createEmptyTestDatabase();
    await migrator(handle).migrateTo(names[0]!);
    const tenant = await handle.db
      .insertInto('tenants')
      .values({
        name: 'Old Tenant',
        admin_email: 'old@example.com',
        status: 'active',
        primary_color: '#112233',
        theme: 'light',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await handle.db
      .insertInto('users')
      .values({
        email: 'old.user@example.com',
        tenant_id: tenant.id,
        is_super_admin: false,
        password_hash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db.insertInto('user_roles').values({ user_id: user.id, role: 'Admin' }).execute();

    await migrateToLatest(handle.db);

    const row = await handle.db
      .selectFrom('tenants')
      .innerJoin('users', 'users.tenant_id', 'tenants.id')
      .select(['tenants.name', 'tenants.primary_color', 'users.email'])
      .where('tenants.id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      name: 'Old Tenant',
      primary_color: '#112233',
      email: 'old.user@example.com',
    });
  });

  it('can be rolled back to nothing and applied again', async () => {
    handle = await createEmptyTestDatabase();
    await migrateToLatest(handle.db);
    const m = migrator(handle);
    for (let i = 0; i < names.length; i++) {
      const { error } = await m.migrateDown();
      expect(error).toBeUndefined();
    }
    expect(await tables(handle)).toEqual([]);
    await migrateToLatest(handle.db);
    expect((await tables(handle)).length).toBeGreaterThan(5);
  });

  it('enforce one account per email whatever its case', async () => {
    handle = await createEmptyTestDatabase();
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('users')
      .values({
        email: 'Same@Example.com',
        is_super_admin: true,
        tenant_id: null,
        password_hash: null,
      })
      .execute();
    await expect(
      handle.db
        .insertInto('users')
        .values({
          email: 'same@example.com',
          is_super_admin: true,
          tenant_id: null,
          password_hash: null,
        })
        .execute(),
    ).rejects.toThrow(/users_email_unique/);
  });
});
