import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { sharedEmulatorSettings } from '../../src/modules/analytics/start-local-analytics.ts';
import { build, type TestApp } from '../helper.ts';
import { testBackend } from '../support/backend.ts';
import { createPerson, type TestPerson } from '../support/fixtures.ts';
import { startHoldingProxy, type HoldingProxy } from '../support/holding-proxy.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';

/**
 * Report subscriptions through real crashes: server processes (the source, run by node with tsx)
 * on one database, sending through SMTP to a sink, exporting from the emulator through a proxy
 * that can hold a request. An instance is killed with SIGKILL in the middle of an export, and
 * another one in the middle of handing the mail to SMTP; each time the next instance takes the
 * occurrence over once the lease ran out, and the mail server accepts each occurrence exactly
 * once. On PostgreSQL the next instance already runs when the first dies; PGlite has one process
 * per data folder, so there the next one starts on the same folder after the kill.
 */
const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SLOW = 240_000;
const JWT_SECRET = 'crash-test-secret-that-is-long-enough-for-hs256-0123456789';
const LEASE_SECONDS = 3;

let emulator: RunningEmulator;
let sink: SmtpSink;
let dataDir: string;
let t: TestApp | undefined;
let admin: TestPerson;
let viewer: TestPerson;
/** Scheduled and due when the first instance starts. */
let scheduledId: string;
/** Sent with "Send now" later. */
let sendNowId: string;
const running: Run[] = [];

interface Run {
  child: ChildProcess;
  /** Its own way to the emulator, which holds its export downloads until released. */
  proxy: HoldingProxy;
  output: () => string;
  exited: Promise<unknown>;
}

/** Every proxy holds export downloads until the first one held one (and an instance died). */
let holding = true;

async function launch(): Promise<Run> {
  const proxy = await startHoldingProxy(
    emulator.url,
    (method, path) => holding && method === 'GET' && /\/exports\/[^/]+\/file$/.test(path),
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@canopy/source', 'src/server.ts'],
    {
      cwd: SERVER_DIR,
      stdio: 'pipe',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        HOST: '127.0.0.1',
        CANOPY_DATA_DIR: dataDir,
        ...(t?.database.url ? { DATABASE_URL: t.database.url } : {}),
        CANOPY_JWT_SECRET: JWT_SECRET,
        CANOPY_PUBLIC_URL: 'http://portal.test',
        CANOPY_EMULATOR_URL: proxy.url,
        SMTP_URL: sink.url,
        CANOPY_SUBSCRIPTIONS_POLL_SECONDS: '1',
        CANOPY_SUBSCRIPTIONS_LEASE_SECONDS: String(LEASE_SECONDS),
        CANOPY_SYNC_INTERVAL_MINUTES: '0',
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.on('close', done));
  const run = { child, proxy, output: () => output, exited };
  running.push(run);
  return run;
}

/** Waits (bounded) for `condition`, checking every 50 ms; fails saying what it waited for. */
async function until(what: string, condition: () => boolean, runs: Run[] = []): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!condition()) {
    if (Date.now() > deadline) {
      const mails = { accepted: sink.accepted, held: sink.held, dropped: sink.dropped };
      const proxied = runs.map((r) => r.proxy.held);
      const state = JSON.stringify({ proxied, ...mails }, null, 1).slice(0, 4000);
      const logs = runs.map((r) => r.output()).join('\n---\n');
      throw new Error(`waited in vain for ${what}\n${state}\n${logs}`);
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

/** Starts an instance and waits until it listens; its address. */
async function start(): Promise<{ run: Run; url: string }> {
  const run = await launch();
  let url: string | undefined;
  await until(
    'an instance listening',
    () => {
      url = /listening on (http:\/\/[^\s"]+)/.exec(run.output())?.[1];
      return url !== undefined;
    },
    [run],
  );
  return { run, url: url! };
}

async function kill(run: Run): Promise<void> {
  run.child.kill('SIGKILL');
  await run.exited;
}

/** The mails the sink accepted for one subscription (the Message-ID names it). */
const acceptedFor = (id: string) =>
  sink.accepted.filter((m) => m.messageId?.startsWith(`<subscription.${id}.`));

beforeAll(async () => {
  emulator = await startEmulator({ populateNewWorkspaces: false, rows: 2_000 });
  sink = await startSmtpSink();
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-crash-test-'));
  let database: DatabaseHandle | undefined;
  if (testBackend() === 'pglite') {
    // The folder the server processes open after this process closed it.
    database = await createDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(database.db);
  }
  t = await build({
    database,
    analytics: sharedEmulatorSettings({ url: emulator.url }),
    mailer: { send: () => Promise.resolve() },
    env: { CANOPY_JWT_SECRET: JWT_SECRET },
  });
  const superAdmin = await createPerson(t, { superAdmin: true });
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/tenants',
    token: superAdmin.token,
    payload: { name: 'Acme', adminEmail: 'owner@example.com', createPowerBIWorkspace: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  const tenant = created.json<{ id: string; powerBiGroupId: string }>();
  admin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
  viewer = await createPerson(t, { tenantId: tenant.id, role: 'Viewer' });
  const listed = await t.request({
    method: 'POST',
    url: '/api/powerbi/reports',
    token: admin.token,
    payload: { groupId: tenant.powerBiGroupId },
  });
  const reportId = listed.json<{ reports: { id: string }[] }>().reports[0]!.id;
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
  const subscribe = async (person: TestPerson) => {
    const res = await t!.request({
      method: 'POST',
      url: '/api/subscriptions',
      token: person.token,
      payload: { reportId, format: 'PDF', frequency: 'daily', timeOfDay: '06:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  scheduledId = await subscribe(admin);
  sendNowId = await subscribe(viewer);
  // Its occurrence is due: a minute ago.
  const due = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
  await t.database.db
    .updateTable('report_subscriptions')
    .set({ next_run_at: due })
    .where('id', '=', scheduledId)
    .execute();
  await t.database.db
    .updateTable('jobs')
    .set({ run_at: due })
    .where('kind', '=', 'subscription')
    .where('key', '=', scheduledId)
    .execute();
  if (testBackend() === 'pglite') {
    await t.close();
    t = undefined;
  }
}, SLOW);

afterAll(async () => {
  for (const run of running) run.child.kill('SIGKILL');
  await Promise.all(running.map((run) => run.exited));
  await Promise.all(running.map((run) => run.proxy.close()));
  await t?.close();
  await sink?.close();
  await emulator?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('an instance killed while it delivers', () => {
  it(
    'is taken over by the next instance: each occurrence mailed exactly once',
    { timeout: SLOW },
    async () => {
      const postgres = testBackend() === 'postgres';

      // 1. Killed in the middle of an export (its download of the file is held): on PostgreSQL
      // two instances run, and the one that took the occurrence is killed.
      const started = postgres ? await Promise.all([start(), start()]) : [await start()];
      const exporting = () => started.find((s) => s.run.proxy.held.length > 0);
      await until(
        'an instance exporting',
        () => exporting() !== undefined,
        started.map((s) => s.run),
      );
      const victim = exporting()!;
      await kill(victim.run);
      holding = false;
      for (const { run } of started) run.proxy.release();
      const taker = started.find((s) => s !== victim) ?? (await start());
      await until('the scheduled occurrence mailed', () => acceptedFor(scheduledId).length === 1, [
        victim.run,
        taker.run,
      ]);

      // 2. Killed while handing the mail to SMTP: the sink leaves the message unanswered.
      sink.holdNext(1);
      const asked = await fetch(`${taker.url}/api/subscriptions/${sendNowId}/send-now`, {
        method: 'POST',
        headers: { authorization: `Bearer ${viewer.token}` },
      });
      expect(asked.status, await asked.text()).toBe(202);
      await until('a mail handed to SMTP', () => sink.held.length === 1, [taker.run]);
      const third = postgres ? await start() : undefined;
      await kill(taker.run);
      await until('the unanswered mail dropped', () => sink.dropped.length === 1);
      const last = third ?? (await start());
      await until('the "Send now" occurrence mailed', () => acceptedFor(sendNowId).length === 1, [
        last.run,
      ]);
      last.run.child.kill('SIGTERM');
      await last.run.exited;

      // Every instance has stopped: nothing more can arrive. Exactly once each, and the
      // attempt that died carried the same Message-ID as the one accepted.
      expect(acceptedFor(scheduledId)).toHaveLength(1);
      expect(acceptedFor(sendNowId)).toHaveLength(1);
      expect(sink.accepted).toHaveLength(2);
      expect(sink.dropped.map((m) => m.messageId)).toEqual([acceptedFor(sendNowId)[0]!.messageId]);
      expect(acceptedFor(scheduledId)[0]!.to).toEqual([admin.email]);
      expect(acceptedFor(sendNowId)[0]!.data).toMatch(/Content-Type: application\/pdf/i);

      const database = t?.database ?? (await createDatabase({ kind: 'pglite', dataDir }));
      try {
        const deliveries = await database.db
          .selectFrom('subscription_deliveries')
          .selectAll()
          .where('subscription_id', 'in', [scheduledId, sendNowId])
          .execute();
        expect(deliveries).toHaveLength(2);
        for (const delivery of deliveries) {
          // Taken twice: by the instance that died and by the one that sent it.
          expect(delivery).toMatchObject({ status: 'sent', attempts: 2, lease_until: null });
        }
        const scheduled = await database.db
          .selectFrom('report_subscriptions')
          .selectAll()
          .where('id', '=', scheduledId)
          .executeTakeFirstOrThrow();
        // It moved on to its next occurrence, and its job waits for that.
        expect(scheduled.next_run_at!.getTime()).toBeGreaterThan(Date.now());
        expect(scheduled.last_sent_at).not.toBeNull();
        const job = await database.db
          .selectFrom('jobs')
          .selectAll()
          .where('kind', '=', 'subscription')
          .where('key', '=', scheduledId)
          .executeTakeFirstOrThrow();
        expect(job.run_at).toEqual(scheduled.next_run_at);
      } finally {
        if (database !== t?.database) await database.close();
      }
    },
  );
});
