import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { countingInstance } from '../../support/counting-instance.ts';
import { createPerson, createTenant, PASSWORD, type TestPerson } from '../../support/fixtures.ts';

/**
 * A tenant's list of people is kept in memory per instance and checked against the tenant's people
 * version (bumped by triggers) on every request. A second instance on the same database counts its
 * statements: a kept list costs one; and whatever changes the list — through the other instance or
 * straight in SQL — shows on the very next request.
 */
let t: TestApp;
let counted: FastifyInstance;
let count: () => number;
beforeAll(async () => {
  t = await build();
  ({ app: counted, statements: count } = await countingInstance(t));
});
afterAll(async () => {
  await counted.close();
  await t.close();
});

type Listed = { users: { email: string; firstName: string | null; roles: { name: string }[] }[] };

it('answers a kept list after one single-row read, and any change shows on the next request', async () => {
  const tenant = await createTenant(t);
  const admin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
  const viewer = await createPerson(t, { tenantId: tenant.id });
  const list = async (as: TestPerson = admin) => {
    const res = await counted.inject({
      method: 'GET',
      url: `/api/users/tenant/${tenant.id}`,
      headers: { authorization: `Bearer ${as.token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Listed>().users;
  };
  const reference = async () =>
    (
      await t.request({ method: 'GET', url: `/api/users/tenant/${tenant.id}`, token: admin.token })
    ).json<Listed>().users;

  // Warm: the session and the list are read once, then only the version is.
  await list();
  await list();
  const before = count();
  expect(await list()).toEqual(await reference());
  expect(count() - before).toBe(1);
  // A Viewer of the tenant reads the same kept list.
  await list(viewer);

  const changes: [string, () => Promise<unknown>][] = [
    ['a person added through the other instance', () => createPerson(t, { tenantId: tenant.id })],
    [
      'a name changed in SQL',
      () =>
        sql`update users set first_name = 'Renamed' where id = ${viewer.id}`.execute(t.database.db),
    ],
    [
      'a role added in SQL',
      () =>
        sql`insert into user_roles (user_id, role) values (${viewer.id}, 'Admin')`.execute(
          t.database.db,
        ),
    ],
    [
      'a role removed in SQL',
      () =>
        sql`delete from user_roles where user_id = ${viewer.id} and role = 'Admin'`.execute(
          t.database.db,
        ),
    ],
    [
      'a sign-in (last signed in)',
      () =>
        t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: viewer.email, password: PASSWORD },
        }),
    ],
    [
      'a person deleted in SQL',
      () => sql`delete from users where id = ${viewer.id}`.execute(t.database.db),
    ],
  ];
  for (const [what, change] of changes) {
    await change();
    expect(await list(), what).toEqual(await reference());
  }

  // What the list does not show bumps nothing: a new password keeps the kept list.
  await list();
  const version = async () =>
    (
      await t.database.db
        .selectFrom('tenant_people_versions')
        .select('version')
        .where('tenant_id', '=', tenant.id)
        .executeTakeFirstOrThrow()
    ).version;
  const kept = await version();
  await sql`update users set password_hash = password_hash where id = ${admin.id}`.execute(
    t.database.db,
  );
  expect(await version()).toBe(kept);
});
