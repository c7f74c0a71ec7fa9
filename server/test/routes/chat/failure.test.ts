import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { testBackend } from '../../support/backend.ts';
import { createCast, createPerson, type Cast, type TestPerson } from '../../support/fixtures.ts';
import { keyOf, openStream, send, type SseEvent } from './chat-support.ts';

const messageIdOf = (event: SseEvent) => (event.data as { messageId: string }).messageId;

/**
 * The database goes away in the middle of a burst of sends. Every failed send answers 503
 * DATABASE_UNAVAILABLE; the client retries with the same client id; afterwards each message is
 * stored exactly once. Under PostgreSQL the fault is real: the sends are held on a row lock, then
 * every backend of the app (its pool and its LISTEN connection) is killed with
 * pg_terminate_backend. PGlite runs in-process and cannot lose a connection, so there every send
 * is also retried as if its answer had been lost, which must not store a copy either.
 */
let t: TestApp;
let cast: Cast;
let baseUrl: string;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const BURST = 40;
const stats = { unavailable: 0, other: [] as string[] };

/** The widget's behaviour with an idempotency key: retry failures with the same one. */
async function sendUntilStored(from: TestPerson, to: TestPerson, text: string, clientId: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await send(t, from, to, text, clientId);
    if (res.statusCode === 201 || res.statusCode === 200) return res.json<{ id: string }>().id;
    if (res.statusCode === 503 && res.json<{ code: string }>().code === 'DATABASE_UNAVAILABLE')
      stats.unavailable++;
    else stats.other.push(`${res.statusCode} ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`send ${clientId} never succeeded`);
}

it(`a burst of ${BURST} sends survives the database going away: each message stored exactly once`, async () => {
  const a = await createPerson(t, { tenantId: cast.tenantA.id });
  const b = await createPerson(t, { tenantId: cast.tenantA.id });
  const key = keyOf(a, b);
  expect((await send(t, a, b, 'before')).statusCode).toBe(201);
  const stream = await openStream(t, baseUrl, b);

  let burst: Promise<string[]>;
  const clientIds = Array.from({ length: BURST }, (_, i) => `burst-${i}`);
  const start = () =>
    Promise.all(clientIds.map((id, i) => sendUntilStored(a, b, `message ${i}`, id)));

  if (testBackend() === 'postgres') {
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    await admin.query('begin');
    await admin.query('select id from conversations where key = $1 for update', [key]);
    burst = start();
    // Wait until sends are stuck on the lock, i.e. in flight inside the database (the pool has 5).
    for (let polls = 0; polls < 300; polls++) {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const { rows: waiting } = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
    );
    expect(waiting[0]!.n).toBeGreaterThan(0);
    const { rows } = await admin.query<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2); // pool connections and the LISTEN connection
    await admin.query('commit');
    // And again while the burst runs on, wherever the sends happen to be.
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
    }
    await admin.end();
  } else {
    burst = Promise.all([start(), start()]).then(([first, second]) => {
      expect(second).toEqual(first);
      return first;
    });
  }
  const ids = await burst;

  expect(stats.other).toEqual([]);
  if (testBackend() === 'postgres') expect(stats.unavailable).toBeGreaterThan(0);
  const rows = await t.database.db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select(['messages.id', 'messages.client_id', 'messages.content'])
    .where('conversations.key', '=', key)
    .orderBy('messages.seq')
    .execute();
  expect(rows).toHaveLength(BURST + 1);
  expect(new Set(rows.map((r) => r.client_id)).size).toBe(BURST + 1);
  expect(
    rows
      .slice(1)
      .map((r) => r.id)
      .sort(),
  ).toEqual([...ids].sort());
  console.info(
    `chat failure test (${testBackend()}): ${BURST} sends, ${stats.unavailable} answered 503 and were retried, ${rows.length - 1} stored`,
  );

  // Push recovers too, and loses nothing: the stream opened before the fault gets every message of
  // the burst once, in the order stored, then live ones (under PostgreSQL its instance lost the
  // LISTEN connection and read what it missed from the stored events, without a resync).
  const after = (await send(t, a, b, 'after')).json<{ id: string }>();
  const received: SseEvent[] = [];
  while (received.at(-1)?.event !== 'message' || messageIdOf(received.at(-1)!) !== after.id)
    received.push(await stream.next((e) => e.event === 'message' || e.event === 'resync'));
  expect(received.filter((e) => e.event === 'resync')).toEqual([]);
  expect(received.map(messageIdOf)).toEqual([...rows.slice(1).map((r) => r.id), after.id]);
  const numbers = received.map((e) => Number(e.id));
  expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  stream.close();
});
