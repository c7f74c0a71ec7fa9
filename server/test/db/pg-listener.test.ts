import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import { listenOnChannel } from '../../src/db/pg-listener.ts';
import { testBackend } from '../support/backend.ts';
import { createTestDatabase } from '../support/test-database.ts';

const CHANNEL = 'canopy_listener_test';
const silent = { warn: () => undefined };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Polls `check` until it holds (bounded): the notification and the reconnect are asynchronous. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const notify = (payload: string) =>
  sql`select pg_notify(${CHANNEL}, ${payload})`.execute(database.db);

it('delivers payloads; a committed NOTIFY arrives and a rolled-back one never does', async () => {
  const received: string[] = [];
  const listener = listenOnChannel(
    database,
    CHANNEL,
    { onNotify: (payload) => received.push(payload), onGap: () => undefined },
    silent,
  );
  await listener.ready;
  expect(listener.live).toBe(true);
  await database.db
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_notify(${CHANNEL}, 'rolled back')`.execute(trx);
      throw new Error('abort');
    })
    .catch(() => undefined);
  await notify('one');
  await notify('two');
  await until(() => received.length >= 2, 'two notifications');
  expect(received).toEqual(['one', 'two']);
  await listener.close();
});

it.runIf(testBackend() === 'postgres')(
  'a killed LISTEN connection reports a gap, is not live, and listens again',
  async () => {
    const received: string[] = [];
    let gaps = 0;
    const listener = listenOnChannel(
      database,
      CHANNEL,
      { onNotify: (payload) => received.push(payload), onGap: () => gaps++ },
      silent,
    );
    await listener.ready;
    const { rows } = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and query ilike ${`LISTEN ${CHANNEL}`}`.execute(
      database.db,
    );
    expect(rows).toEqual([{ killed: true }]);
    // Lost: one gap and not live; listening again: a second gap (what was sent meanwhile is gone).
    await until(() => gaps >= 1, 'the lost connection');
    await until(() => listener.live && gaps === 2, 'listening again');
    await notify('after');
    await until(() => received.includes('after'), 'a notification after the reconnect');
    await listener.close();
    expect(listener.live).toBe(false);
  },
);

it('refuses a channel name that is not a plain identifier', () => {
  expect(() =>
    listenOnChannel(
      database,
      'x; drop table users',
      { onNotify: () => undefined, onGap: () => undefined },
      silent,
    ),
  ).toThrow();
});
