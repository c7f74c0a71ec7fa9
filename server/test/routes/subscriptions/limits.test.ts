import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, createTenant, type TestPerson } from '../../support/fixtures.ts';

/** Subscriptions are bounded: per person, per tenant, and "Send now" once a minute whatever comes. */
let t: TestApp;
beforeAll(async () => {
  t = await build({
    env: { CANOPY_SUBSCRIPTIONS_MAX_PER_PERSON: '3', CANOPY_SUBSCRIPTIONS_MAX_PER_TENANT: '5' },
  });
});
afterAll(() => t.close());

/** A tenant with an Admin, two Viewers and a report all of them may open (Admins see all). */
async function tenantWithReport() {
  const tenant = await createTenant(t);
  const reportId = `report-limits-${tenant.id}`;
  await t.database.db
    .insertInto('reports')
    .values({
      id: reportId,
      tenant_id: tenant.id,
      power_bi_group_id: `group-${tenant.id}`,
      name: 'Sales',
      dataset_id: null,
      embed_url: 'http://emulator.test/reportEmbed',
    })
    .execute();
  const people = {
    admin: await createPerson(t, { tenantId: tenant.id, role: 'Admin' }),
    viewer: await createPerson(t, { tenantId: tenant.id, role: 'Viewer' }),
    other: await createPerson(t, { tenantId: tenant.id, role: 'Viewer' }),
  };
  for (const person of [people.viewer, people.other]) {
    await t.database.db
      .insertInto('report_grants')
      .values({ user_id: person.id, report_id: reportId, tenant_id: tenant.id, granted_by: null })
      .execute();
  }
  return { tenant, reportId, ...people };
}

const subscribe = (person: TestPerson, body: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/subscriptions',
    token: person.token,
    payload: { format: 'PDF', frequency: 'daily', timeOfDay: '08:00', ...body },
  });

const jobsOf = (subscriptionIds: string[]) =>
  t.database.db
    .selectFrom('jobs')
    .select(['kind', 'key'])
    .where((eb) =>
      eb.or(subscriptionIds.flatMap((id) => [eb('key', '=', id), eb('key', 'like', `${id}@%`)])),
    )
    .execute();

describe('subscription limits', () => {
  it('refuses a person past their limit with a stable code and a message naming it', async () => {
    const { reportId, viewer, admin, other } = await tenantWithReport();
    for (let i = 0; i < 3; i++) {
      expect((await subscribe(viewer, { reportId })).statusCode).toBe(201);
    }
    const refused = await subscribe(viewer, { reportId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'SUBSCRIPTION_LIMIT_REACHED',
      error: 'You have reached the limit of 3 subscriptions. Delete one to add another.',
    });
    // An Admin subscribing them is held to the same limit, told it is theirs.
    const forThem = await subscribe(admin, { reportId, userId: viewer.id });
    expect(forThem.json().error).toBe(
      'This person has reached the limit of 3 subscriptions. Delete one to add another.',
    );
    // Someone else of the tenant still can.
    expect((await subscribe(other, { reportId })).statusCode).toBe(201);
  });

  it('holds under concurrent requests: eight at once make exactly the three allowed', async () => {
    const { reportId, viewer } = await tenantWithReport();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => subscribe(viewer, { reportId })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const rows = await t.database.db
      .selectFrom('report_subscriptions')
      .select('id')
      .where('user_id', '=', viewer.id)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it('refuses a tenant past its limit, whoever asks', async () => {
    const { reportId, viewer, other, admin } = await tenantWithReport();
    for (let i = 0; i < 3; i++) await subscribe(viewer, { reportId });
    for (let i = 0; i < 2; i++) {
      expect((await subscribe(other, { reportId })).statusCode).toBe(201);
    }
    const refused = await subscribe(admin, { reportId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'SUBSCRIPTION_LIMIT_REACHED',
      error:
        'Your organization has reached the limit of 5 subscriptions. Delete one to add another.',
    });
  });
});

describe('"Send now"', () => {
  it('queues exactly one export for eight concurrent requests', async () => {
    const { reportId, viewer } = await tenantWithReport();
    const { id } = (await subscribe(viewer, { reportId })).json<{ id: string }>();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request({
          method: 'POST',
          url: `/api/subscriptions/${id}/send-now`,
          token: viewer.token,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      202, 429, 429, 429, 429, 429, 429, 429,
    ]);
    const queued = (await jobsOf([id])).filter((job) => job.kind === 'subscription-send-now');
    expect(queued).toHaveLength(1);
  });
});

describe('a deleted person', () => {
  it('takes their subscriptions, queued runs and deliveries along', async () => {
    const { reportId, viewer, admin } = await tenantWithReport();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push((await subscribe(viewer, { reportId })).json<{ id: string }>().id);
    }
    const sent = await t.request({
      method: 'POST',
      url: `/api/subscriptions/${ids[0]}/send-now`,
      token: viewer.token,
    });
    expect(sent.statusCode).toBe(202);
    await t.database.db
      .insertInto('subscription_deliveries')
      .values({ subscription_id: ids[0]!, occurrence: new Date(), status: 'sent' })
      .execute();
    expect((await jobsOf(ids)).length).toBe(3);

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/users/${viewer.id}`,
      token: admin.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await jobsOf(ids)).toEqual([]);
    const deliveries = await t.database.db
      .selectFrom('subscription_deliveries')
      .select('id')
      .where('subscription_id', 'in', ids)
      .execute();
    expect(deliveries).toEqual([]);
  });
});
