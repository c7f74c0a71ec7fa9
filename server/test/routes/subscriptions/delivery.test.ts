import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import app from '../../../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../../../src/db/create-database.ts';
import { localAnalyticsSettings } from '../../../src/modules/analytics/start-local-analytics.ts';
import type { Mail, Mailer } from '../../../src/modules/mail/mailer.ts';
import {
  runDueSubscriptions,
  type SubscriptionDeps,
} from '../../../src/modules/subscriptions/subscription-worker.ts';
// The emulator's own PDF reader (test support, read relatively like the portal reads the server).
import { parsePdf } from '../../../../packages/emulator/test/support/pdf-reader.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, type TestPerson } from '../../support/fixtures.ts';

/**
 * Delivery against the emulator over real HTTP, by two app instances on one database (each with
 * its own pool under PostgreSQL), both running the worker at once: every occurrence is mailed
 * exactly once, the export runs with the recipient's row-level-security identity, and failures
 * are retried after a back-off.
 */
let emulator: RunningEmulator;
let t: TestApp;
let second: FastifyInstance;
let secondDatabase: DatabaseHandle;
let superAdmin: TestPerson;

interface Sent {
  instance: 'one' | 'two';
  mail: Mail;
}
const sent: Sent[] = [];
const recording = (instance: Sent['instance']): Mailer => ({
  send: (mail) => {
    sent.push({ instance, mail });
    return Promise.resolve();
  },
});
/** Only report mails: tenant creation mails invitations too. */
const reportMails = () => sent.filter((s) => s.mail.attachments?.length);

/** Every ExportTo request the analytics service received (fetch passes through untouched). */
const exportRequests: { url: string; body: Record<string, unknown> }[] = [];
const realFetch = globalThis.fetch;

interface Onboarded {
  tenantId: string;
  reportId: string;
  admin: TestPerson;
  viewer: TestPerson;
}
let a: Onboarded;
let b: Onboarded;

async function onboard(name: string): Promise<Onboarded> {
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/tenants',
    token: superAdmin.token,
    payload: {
      name,
      adminEmail: `owner-${name.toLowerCase()}@example.com`,
      createPowerBIWorkspace: true,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const tenant = created.json<{ id: string; powerBiGroupId: string }>();
  const admin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
  const viewer = await createPerson(t, { tenantId: tenant.id, role: 'Viewer' });
  const listed = await t.request({
    method: 'POST',
    url: '/api/powerbi/reports',
    token: admin.token,
    payload: { groupId: tenant.powerBiGroupId },
  });
  const reportId = listed.json<{ reports: { id: string }[] }>().reports[0]!.id;
  // The Admin opens the report once, as people do before subscribing: the tenant's row-level
  // security key is given out then, one tenant after the other.
  const opened = await t.request({
    method: 'POST',
    url: '/api/powerbi/embed-token',
    token: admin.token,
    payload: { reportId, groupId: tenant.powerBiGroupId },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  await t.database.db
    .insertInto('report_grants')
    .values({ user_id: viewer.id, report_id: reportId, tenant_id: tenant.id, granted_by: admin.id })
    .execute();
  return { tenantId: tenant.id, reportId, admin, viewer };
}

// The worker's dependencies as the app builds them, with a fixed address for the mailed links.
const depsOf = (instance: FastifyInstance): SubscriptionDeps => ({
  ...instance.subscriptions,
  publicUrl: 'http://portal.test',
});
const run = (instance: FastifyInstance) =>
  runDueSubscriptions(depsOf(instance), { exportTimeoutMs: 30_000 });

async function subscribe(
  person: TestPerson,
  reportId: string,
  extra: Record<string, unknown> = {},
) {
  const res = await t.request({
    method: 'POST',
    url: '/api/subscriptions',
    token: person.token,
    payload: { reportId, format: 'PDF', frequency: 'daily', timeOfDay: '06:00', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** Time passes: the subscriptions' occurrences (and their jobs) are due now. */
async function makeDue(ids: string[], occurrence: Date) {
  await t.database.db
    .updateTable('report_subscriptions')
    .set({ next_run_at: occurrence })
    .where('id', 'in', ids)
    .execute();
  await t.database.db
    .updateTable('jobs')
    .set({ run_at: occurrence, locked_until: null })
    .where('kind', '=', 'subscription')
    .where('key', 'in', ids)
    .execute();
}
const subscriptionRow = (id: string) =>
  t.database.db
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/ExportTo') && typeof init?.body === 'string') {
      exportRequests.push({ url, body: JSON.parse(init.body) as Record<string, unknown> });
    }
    return realFetch(input, init);
  });
  emulator = await startEmulator({ populateNewWorkspaces: false, rows: 2_000 });
  const analytics = localAnalyticsSettings(emulator);
  t = await build({ analytics, mailer: recording('one') });
  secondDatabase =
    t.database.backend === 'postgres'
      ? await createDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 3 })
      : t.database;
  second = Fastify({ logger: false });
  await second.register(app, {
    config: t.config,
    database: secondDatabase,
    rateLimitPerMinute: 0,
    analytics,
    mailer: recording('two'),
  });
  await second.ready();
  superAdmin = await createPerson(t, { superAdmin: true });
  a = await onboard('Acme');
  b = await onboard('Globex');
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await second?.close();
  if (secondDatabase && secondDatabase !== t?.database) await secondDatabase.close();
  await t?.close();
  await emulator?.close();
});

describe('two instances running the worker at once', () => {
  let ids: string[];
  const occurrence = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);

  it('mail each due occurrence exactly once, as a PDF attachment', async () => {
    ids = [
      await subscribe(a.admin, a.reportId),
      await subscribe(a.viewer, a.reportId),
      await subscribe(b.admin, b.reportId),
      await subscribe(b.viewer, b.reportId),
      await subscribe(b.admin, b.reportId, {
        userId: b.viewer.id,
        frequency: 'weekly',
        weekday: 2,
      }),
    ];
    await makeDue(ids, occurrence);
    const ran = await Promise.all([run(t.app), run(second), run(t.app), run(second)]);
    expect(ran.reduce((x, y) => x + y, 0)).toBe(ids.length);

    const mails = reportMails();
    expect(mails).toHaveLength(ids.length);
    expect(mails.map((m) => m.mail.to).sort()).toEqual(
      [a.admin.email, a.viewer.email, b.admin.email, b.viewer.email, b.viewer.email].sort(),
    );
    for (const { mail } of mails) {
      expect(mail.subject).toMatch(/^Sales Overview — \w+day, \d{1,2} \w+ \d{4}$/);
      expect(mail.text).toContain('http://portal.test/tenant/reports/');
      expect(mail.text).toContain('http://portal.test/account/subscriptions');
      const [file] = mail.attachments!;
      expect(file!.contentType).toBe('application/pdf');
      expect(file!.filename).toMatch(/^Sales Overview \d{4}-\d{2}-\d{2}\.pdf$/);
      expect(file!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The first page shows the report's title.
      expect(parsePdf(file!.content).pages[0]?.join(' ')).toContain('Sales Overview');
    }
    const deliveries = await t.database.db
      .selectFrom('subscription_deliveries')
      .selectAll()
      .where('subscription_id', 'in', ids)
      .execute();
    expect(deliveries).toHaveLength(ids.length);
    expect(deliveries.every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
    for (const id of ids) {
      const row = await subscriptionRow(id);
      expect(row.last_sent_at).not.toBeNull();
      expect(row.next_run_at!.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('never mails an occurrence twice, even when a stale job runs it again', async () => {
    // As if a lease had run out: the same occurrence is due again on both instances.
    await makeDue(ids, occurrence);
    const before = reportMails().length;
    await Promise.all([run(t.app), run(second)]);
    expect(reportMails()).toHaveLength(before);
    for (const id of ids) {
      expect((await subscriptionRow(id)).next_run_at!.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it("exports with the recipient's row-level-security identity, the one their embed token has", async () => {
    const keys = await t.database.db.selectFrom('tenant_data_keys').selectAll().execute();
    const keyOf = (tenantId: string) => keys.find((k) => k.tenant_id === tenantId)?.data_key;
    expect(keyOf(a.tenantId)).toBeDefined();
    expect(keyOf(a.tenantId)).not.toBe(keyOf(b.tenantId));
    expect(exportRequests.length).toBeGreaterThanOrEqual(ids.length);
    for (const request of exportRequests) {
      const tenant = request.url.includes(`/reports/${a.reportId}/`) ? a : b;
      expect(request.body).toMatchObject({
        format: 'PDF',
        powerBIReportConfiguration: {
          identities: [
            {
              username: keyOf(tenant.tenantId),
              roles: [localAnalyticsSettings(emulator).rls.role],
              datasets: [expect.any(String)],
            },
          ],
        },
      });
    }
  });
});

describe('send now, failures and lost access', () => {
  const sendNow = async (person: TestPerson, id: string) => {
    const res = await t.request({
      method: 'POST',
      url: `/api/subscriptions/${id}/send-now`,
      token: person.token,
    });
    expect(res.statusCode, res.body).toBe(202);
  };

  it('exports the chosen page', async () => {
    const listed = await t.request({
      method: 'GET',
      url: `/api/subscriptions/pages?reportId=${a.reportId}`,
      token: a.viewer.token,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const pages = listed.json<{ pages: { name: string; displayName: string }[] }>().pages;
    const definition = emulator.state.reports.get(a.reportId)?.definition.pages ?? [];
    expect(pages.map((p) => p.name)).toEqual(definition.map((p) => p.name));
    const page = pages[0]?.name;
    expect(page).toBeDefined();
    // Not someone else's report: another tenant's is unknown here.
    const foreign = await t.request({
      method: 'GET',
      url: `/api/subscriptions/pages?reportId=${b.reportId}`,
      token: a.viewer.token,
    });
    expect(foreign.statusCode).toBe(404);
    const id = await subscribe(a.viewer, a.reportId, { pageName: page });
    await sendNow(a.viewer, id);
    const before = reportMails().length;
    await run(second);
    expect(reportMails()).toHaveLength(before + 1);
    expect(exportRequests.at(-1)?.body).toMatchObject({
      powerBIReportConfiguration: { pages: [{ pageName: page }] },
    });
  });

  it('mails PowerPoint as a .pptx deck', async () => {
    const id = await subscribe(b.admin, b.reportId, { format: 'PPTX' });
    await sendNow(b.admin, id);
    const before = reportMails().length;
    await run(t.app);
    const [file] = reportMails()[before]?.mail.attachments ?? [];
    expect(file?.filename).toMatch(/\.pptx$/);
    expect(file?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    // A deck is a zip file.
    expect(file?.content.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('retries a failed export after a back-off and shows the error until it succeeds', async () => {
    const id = await subscribe(a.admin, a.reportId);
    await sendNow(a.admin, id);
    const before = reportMails().length;
    await fetch(`${emulator.url}/_emulator/admin/knobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failNext: 1 }),
    });
    await run(t.app);
    expect(reportMails()).toHaveLength(before);
    const failed = await subscriptionRow(id);
    expect(failed.failures).toBe(1);
    expect(failed.last_error).toMatch(/analytics service/i);
    const listed = await t.request({
      method: 'GET',
      url: '/api/subscriptions',
      token: a.admin.token,
    });
    expect(
      listed
        .json<{ subscriptions: { id: string; lastError: string | null }[] }>()
        .subscriptions.find((s) => s.id === id)?.lastError,
    ).toBe(failed.last_error);
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'subscription-send-now')
      .where('key', 'like', `${id}@%`)
      .executeTakeFirstOrThrow();
    // Back-off: not before a minute from now, so the next poll does not hammer the service.
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(job.last_error).toBe('delivery failed');

    // The back-off has passed: the retry sends it and clears the error.
    await t.database.db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('id', '=', job.id)
      .execute();
    await run(t.app);
    expect(reportMails()).toHaveLength(before + 1);
    const recovered = await subscriptionRow(id);
    expect(recovered).toMatchObject({ failures: 0, last_error: null });
    const delivery = await t.database.db
      .selectFrom('subscription_deliveries')
      .selectAll()
      .where('subscription_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('refuses Send now and Resume once the recipient lost access, and says so', async () => {
    const viewer = await createPerson(t, { tenantId: b.tenantId, role: 'Viewer' });
    const grant = () =>
      t.database.db
        .insertInto('report_grants')
        .values({
          user_id: viewer.id,
          report_id: b.reportId,
          tenant_id: b.tenantId,
          granted_by: null,
        })
        .execute();
    await grant();
    const id = await subscribe(viewer, b.reportId);
    await t.database.db.deleteFrom('report_grants').where('user_id', '=', viewer.id).execute();
    const listed = async (person: TestPerson, url: string) => {
      const res = await t.request({ method: 'GET', url, token: person.token });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ subscriptions: { id: string; status: string; pauseReason: string | null }[] }>()
        .subscriptions.find((s) => s.id === id);
    };
    // Shown as paused for that reason at once, in both lists, before any run.
    for (const [person, url] of [
      [viewer, '/api/subscriptions'],
      [b.admin, `/api/tenants/${b.tenantId}/subscriptions`],
    ] as const) {
      expect(await listed(person, url)).toMatchObject({
        status: 'paused',
        pauseReason: 'no-access',
      });
    }
    for (const [method, url, payload] of [
      ['POST', `/api/subscriptions/${id}/send-now`, undefined],
      ['PATCH', `/api/subscriptions/${id}`, { paused: false }],
    ] as const) {
      const refused = await t.request({ method, url, token: b.admin.token, payload });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({
        code: 'SUBSCRIPTION_NO_ACCESS',
        error: expect.stringMatching(/^Paused — no access to this report/),
      });
    }

    // Its scheduled run pauses it for good, mails nothing and stops its job.
    await makeDue([id], new Date(Date.now() - 120_000));
    const before = reportMails().length;
    await run(t.app);
    expect(reportMails()).toHaveLength(before);
    const row = await subscriptionRow(id);
    expect(row).toMatchObject({ paused: true, paused_reason: 'no-access', next_run_at: null });
    expect(row.last_error).toBe(
      `${viewer.email} can no longer open this report, so the subscription was paused`,
    );
    expect(
      await t.database.db.selectFrom('jobs').select('id').where('key', '=', id).executeTakeFirst(),
    ).toBeUndefined();

    // Access given back: Resume is accepted and schedules the next run.
    await grant();
    expect(await listed(viewer, '/api/subscriptions')).toMatchObject({
      status: 'paused',
      pauseReason: null,
    });
    const resumed = await t.request({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      token: viewer.token,
      payload: { paused: false },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', pauseReason: null });
    expect((await subscriptionRow(id)).paused_reason).toBeNull();
  });
});

describe('crashes and failures in a row', () => {
  const deliveryRow = (id: string) =>
    t.database.db
      .selectFrom('subscription_deliveries')
      .selectAll()
      .where('subscription_id', '=', id)
      .orderBy('occurrence', 'desc')
      .executeTakeFirstOrThrow();

  it("takes over a delivery left 'sending' once its lease ran out, and moves on", async () => {
    const id = await subscribe(a.viewer, a.reportId);
    const occurrence = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 5 * 60_000);
    await makeDue([id], occurrence);
    // What an instance killed while exporting leaves: its delivery, held under a lease.
    await t.database.db
      .insertInto('subscription_deliveries')
      .values({
        subscription_id: id,
        occurrence,
        status: 'sending',
        attempts: 1,
        lease_until: new Date(Date.now() + 10 * 60_000),
        message_id: `<subscription.${id}.${occurrence.getTime()}@canopy.invalid>`,
        mail_started_at: new Date(),
      })
      .execute();
    const before = reportMails().length;

    // While the lease holds, the occurrence is someone else's: nothing is sent, the job waits
    // for about a lease and the occurrence stays.
    await run(t.app);
    expect(reportMails()).toHaveLength(before);
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'subscription')
      .where('key', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect((await subscriptionRow(id)).next_run_at).toEqual(occurrence);

    // The lease ran out (its instance is gone): the next run takes it over and sends it once,
    // with the occurrence's Message-ID, and the subscription moves on to its next occurrence.
    await t.database.db
      .updateTable('subscription_deliveries')
      .set({ lease_until: new Date(Date.now() - 1_000) })
      .where('subscription_id', '=', id)
      .execute();
    await makeDue([id], occurrence);
    await Promise.all([run(t.app), run(second)]);
    const mails = reportMails().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.messageId).toBe(
      `<subscription.${id}.${occurrence.getTime()}@canopy.invalid>`,
    );
    expect(await deliveryRow(id)).toMatchObject({ status: 'sent', attempts: 2, lease_until: null });
    expect((await subscriptionRow(id)).next_run_at!.getTime()).toBeGreaterThan(Date.now());
  });

  it('pauses a subscription whose deliveries failed three times in a row, and says why', async () => {
    const id = await subscribe(b.viewer, b.reportId);
    const base = Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000;
    const before = reportMails().length;
    for (let i = 0; i < 3; i += 1) {
      await makeDue([id], new Date(base + i * 60_000));
      await fetch(`${emulator.url}/_emulator/admin/knobs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ failNext: 1 }),
      });
      await runDueSubscriptions(depsOf(t.app), { exportTimeoutMs: 30_000, maxAttempts: 1 });
      const row = await subscriptionRow(id);
      if (i < 2) {
        // Given up for this occurrence, not for good: the next one is scheduled.
        expect(row.paused).toBe(false);
        expect(row.next_run_at!.getTime()).toBeGreaterThan(Date.now());
      }
    }
    expect(reportMails()).toHaveLength(before);
    const row = await subscriptionRow(id);
    expect(row).toMatchObject({ paused: true, paused_reason: 'failures', next_run_at: null });
    expect(row.last_error).toMatch(/^Paused after 3 failed deliveries in a row\. Last error: /);
    const listed = await t.request({
      method: 'GET',
      url: '/api/subscriptions',
      token: b.viewer.token,
    });
    expect(
      listed
        .json<{ subscriptions: { id: string; status: string; pauseReason: string | null }[] }>()
        .subscriptions.find((s) => s.id === id),
    ).toMatchObject({ status: 'paused', pauseReason: 'failures' });
    expect(
      await t.database.db.selectFrom('jobs').select('id').where('key', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    // Resuming tries again: the reason goes, the next run is scheduled.
    const resumed = await t.request({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      token: b.viewer.token,
      payload: { paused: false },
    });
    expect(resumed.json()).toMatchObject({ status: 'active', pauseReason: null, lastError: null });
  });
});
