import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, type Cast, type TestPerson } from '../../support/fixtures.ts';

let t: TestApp;
let cast: Cast; // tenants A and B, each with an Admin and a Viewer; a super admin
let reportA: string;
let reportB: string;

async function insertReport(tenantId: string, name: string) {
  const id = `report-${name}-${tenantId}`;
  await t.database.db
    .insertInto('reports')
    .values({
      id,
      tenant_id: tenantId,
      power_bi_group_id: `group-${tenantId}`,
      name,
      dataset_id: null,
      embed_url: 'http://emulator.test/reportEmbed',
    })
    .execute();
  return id;
}
const grant = (person: TestPerson, reportId: string) =>
  t.database.db
    .insertInto('report_grants')
    .values({
      user_id: person.id,
      report_id: reportId,
      tenant_id: person.tenantId!,
      granted_by: null,
    })
    .execute();

const subscribe = (person: TestPerson, body: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/subscriptions',
    token: person.token,
    payload: { format: 'PDF', frequency: 'daily', timeOfDay: '08:00', ...body },
  });
const jobOf = (kind: string, key: string) =>
  t.database.db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('key', 'like', key)
    .executeTakeFirst();

beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
  reportA = await insertReport(cast.tenantA.id, 'Sales');
  reportB = await insertReport(cast.tenantB.id, 'Sales');
  await grant(cast.viewerA, reportA);
});
afterAll(() => t.close());

describe('subscribing', () => {
  it('lets a person with access subscribe themselves, scheduled in the tenant time zone', async () => {
    const res = await subscribe(cast.viewerA, { reportId: reportA });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      reportId: reportA,
      reportName: 'Sales',
      recipient: { id: cast.viewerA.id, email: cast.viewerA.email },
      createdBy: cast.viewerA.id,
      format: 'PDF',
      frequency: 'daily',
      weekday: null,
      timeOfDay: '08:00',
      timeZone: 'UTC',
      paused: false,
      status: 'active',
      lastSentAt: null,
      failures: 0,
    });
    const next = new Date(body.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.toISOString().slice(11, 16)).toBe('08:00');
    // Its job waits for that occurrence.
    expect((await jobOf('subscription', body.id))?.run_at.toISOString()).toBe(body.nextRunAt);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id'])
      .where('target', '=', `subscription:${body.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'subscription.create', actor_id: cast.viewerA.id }]);
  });

  it('refuses a report the person cannot open (403) and another tenant’s report (404)', async () => {
    const other = await insertReport(cast.tenantA.id, 'Payroll');
    const refused = await subscribe(cast.viewerA, { reportId: other });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const foreign = await subscribe(cast.adminA, { reportId: reportB });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('REPORT_NOT_FOUND');
  });

  it('needs a weekday for weekly and a day for monthly, and a real time', async () => {
    const weekly = await subscribe(cast.adminA, { reportId: reportA, frequency: 'weekly' });
    expect(weekly.statusCode).toBe(400);
    expect(weekly.json().code).toBe('SUBSCRIPTION_SCHEDULE_INVALID');
    const monthly = await subscribe(cast.adminA, { reportId: reportA, frequency: 'monthly' });
    expect(monthly.json().code).toBe('SUBSCRIPTION_SCHEDULE_INVALID');
    const time = await subscribe(cast.adminA, { reportId: reportA, timeOfDay: '24:00' });
    expect(time.statusCode).toBe(400);
    expect(time.json().code).toBe('VALIDATION_FAILED');
    const format = await subscribe(cast.adminA, { reportId: reportA, format: 'XLSX' });
    expect(format.statusCode).toBe(400);
  });

  it('lets tenant Admins subscribe people of their tenant who have access, and only them', async () => {
    const made = await subscribe(cast.adminA, {
      reportId: reportA,
      userId: cast.viewerA.id,
      frequency: 'monthly',
      monthDay: 31,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      recipient: { id: cast.viewerA.id },
      createdBy: cast.adminA.id,
      monthDay: 31,
    });
    const noAccess = await createPerson(t, { tenantId: cast.tenantA.id, role: 'Viewer' });
    const refused = await subscribe(cast.adminA, { reportId: reportA, userId: noAccess.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('RECIPIENT_NO_ACCESS');
    const foreign = await subscribe(cast.adminA, { reportId: reportA, userId: cast.viewerB.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('USER_NOT_FOUND');
    const viewer = await subscribe(cast.viewerA, { reportId: reportA, userId: cast.adminA.id });
    expect(viewer.statusCode).toBe(403);
  });

  it('offers an Admin the people who may open the report as recipients', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/subscriptions/recipients?reportId=${reportA}`,
      token: cast.adminA.token,
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ people: { id: string }[] }>().people.map((p) => p.id);
    expect(ids).toContain(cast.adminA.id);
    expect(ids).toContain(cast.viewerA.id);
    expect(ids).not.toContain(cast.viewerB.id);
    const others = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', cast.tenantA.id)
      .execute();
    // Viewers without a grant are left out.
    expect(ids.length).toBeLessThan(others.length);
  });
});

describe('lists', () => {
  it('shows a person their own and an Admin the whole tenant', async () => {
    await subscribe(cast.adminA, { reportId: reportA });
    const mine = await t.request({
      method: 'GET',
      url: '/api/subscriptions',
      token: cast.viewerA.token,
    });
    const own = mine.json<{ subscriptions: { recipient: { id: string } }[] }>().subscriptions;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((s) => s.recipient.id === cast.viewerA.id)).toBe(true);
    const tenant = await t.request({
      method: 'GET',
      url: `/api/tenants/${cast.tenantA.id}/subscriptions`,
      token: cast.adminA.token,
    });
    const all = tenant.json<{ subscriptions: { recipient: { id: string } }[] }>().subscriptions;
    expect(all.some((s) => s.recipient.id === cast.adminA.id)).toBe(true);
    expect(all.some((s) => s.recipient.id === cast.viewerA.id)).toBe(true);
    const bySuperAdmin = await t.request({
      method: 'GET',
      url: `/api/tenants/${cast.tenantA.id}/subscriptions`,
      token: cast.superAdmin.token,
    });
    expect(bySuperAdmin.json().subscriptions).toHaveLength(all.length);
    const otherTenant = await t.request({
      method: 'GET',
      url: `/api/tenants/${cast.tenantB.id}/subscriptions`,
      token: cast.superAdmin.token,
    });
    expect(otherTenant.json().subscriptions).toEqual([]);
  });
});

describe('changing a subscription', () => {
  it('pauses (no job, no next run) and resumes (a fresh next run)', async () => {
    const { id } = (await subscribe(cast.viewerA, { reportId: reportA })).json<{ id: string }>();
    const url = `/api/subscriptions/${id}`;
    const paused = await t.request({
      method: 'PATCH',
      url,
      token: cast.viewerA.token,
      payload: { paused: true },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, status: 'paused', nextRunAt: null });
    expect(await jobOf('subscription', id)).toBeUndefined();
    const resumed = await t.request({
      method: 'PATCH',
      url,
      token: cast.adminA.token,
      payload: { paused: false },
    });
    expect(resumed.json()).toMatchObject({ paused: false, status: 'active' });
    expect(await jobOf('subscription', id)).toBeDefined();
  });

  it('reschedules: weekly on a weekday at a new time', async () => {
    const { id } = (await subscribe(cast.viewerA, { reportId: reportA })).json<{ id: string }>();
    const res = await t.request({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      token: cast.viewerA.token,
      payload: { frequency: 'weekly', weekday: 3, timeOfDay: '17:45' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = new Date(res.json<{ nextRunAt: string }>().nextRunAt);
    expect(next.getUTCDay()).toBe(3);
    expect(next.toISOString().slice(11, 16)).toBe('17:45');
    expect((await jobOf('subscription', id))?.run_at.getTime()).toBe(next.getTime());
  });

  it("hides another person's subscription from a Viewer and another tenant's from everyone", async () => {
    const { id } = (await subscribe(cast.adminA, { reportId: reportA })).json<{ id: string }>();
    const viewer = await t.request({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      token: cast.viewerA.token,
      payload: { paused: true },
    });
    expect(viewer.statusCode).toBe(404);
    expect(viewer.json().code).toBe('SUBSCRIPTION_NOT_FOUND');
    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/subscriptions/${id}`,
      token: cast.adminB.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('queues "Send now" (202) once a minute at most', async () => {
    const { id } = (await subscribe(cast.viewerA, { reportId: reportA })).json<{ id: string }>();
    const url = `/api/subscriptions/${id}/send-now`;
    const first = await t.request({ method: 'POST', url, token: cast.viewerA.token });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ queued: true });
    const job = await jobOf('subscription-send-now', `${id}@%`);
    expect(job?.run_at.getTime()).toBeLessThanOrEqual(Date.now());
    const again = await t.request({ method: 'POST', url, token: cast.viewerA.token });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('SEND_NOW_PENDING');
  });

  it('deletes: gone from the lists, its jobs with it', async () => {
    const { id } = (await subscribe(cast.viewerA, { reportId: reportA })).json<{ id: string }>();
    await t.request({
      method: 'POST',
      url: `/api/subscriptions/${id}/send-now`,
      token: cast.viewerA.token,
    });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/subscriptions/${id}`,
      token: cast.adminA.token,
    });
    expect(res.statusCode).toBe(200);
    const mine = await t.request({
      method: 'GET',
      url: '/api/subscriptions',
      token: cast.viewerA.token,
    });
    expect(
      mine.json<{ subscriptions: { id: string }[] }>().subscriptions.map((s) => s.id),
    ).not.toContain(id);
    expect(await jobOf('subscription', id)).toBeUndefined();
    expect(await jobOf('subscription-send-now', `${id}@%`)).toBeUndefined();
  });
});

describe('tenant time zone', () => {
  const settings = (person: TestPerson, timeZone?: string) =>
    t.request({
      method: 'PUT',
      url: `/api/tenants/${person.tenantId}/settings`,
      token: person.token,
      payload: { primaryColor: '#2563eb', theme: 'dark', ...(timeZone ? { timeZone } : {}) },
    });

  it('refuses an unknown zone with a stable code', async () => {
    const res = await settings(cast.adminB, 'Mars/Olympus_Mons');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNKNOWN_TIME_ZONE');
  });

  it('keeps the zone when a save leaves it out, and schedules new subscriptions in it', async () => {
    const set = await settings(cast.adminB, 'Europe/London');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().timeZone).toBe('Europe/London');
    expect((await settings(cast.adminB)).json().timeZone).toBe('Europe/London');
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'settings.update')
      .where('tenant_id', '=', cast.tenantB.id)
      .orderBy('id')
      .execute();
    expect(JSON.stringify(audit[0]?.details)).toContain('Europe/London');

    const res = await subscribe(cast.adminB, {
      reportId: reportB,
      frequency: 'weekly',
      weekday: 1,
      timeOfDay: '08:00',
    });
    expect(res.json()).toMatchObject({ timeZone: 'Europe/London' });
    const next = new Date(res.json<{ nextRunAt: string }>().nextRunAt);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(next);
    expect(local).toBe('Monday 08:00');
  });
});
