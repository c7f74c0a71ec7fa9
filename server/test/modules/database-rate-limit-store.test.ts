import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';
import {
  countHit,
  deleteEndedWindows,
  readHits,
} from '../../src/modules/rate-limit/rate-limit-hits.repository.ts';
import db from '../../src/plugins/app/db.ts';
import errorHandler from '../../src/plugins/app/error-handler.ts';
import rateLimit from '../../src/plugins/external/rate-limit.ts';
import { createTestDatabase } from '../support/test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A bare app with the rate-limit plugin on `handle`: one route on the global limit, one with its own. */
async function limitedApp(handle: DatabaseHandle, sweepMs?: number): Promise<FastifyInstance> {
  const fastify = Fastify({ logger: false });
  await fastify.register(errorHandler);
  await fastify.register(db, { database: handle });
  await fastify.register(rateLimit, { perMinute: 5, store: 'database', sweepMs });
  fastify.get('/global', () => Promise.resolve({ ok: true }));
  fastify.get('/own', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, () =>
    Promise.resolve({ ok: true }),
  );
  await fastify.ready();
  return fastify;
}

describe('the rate-limit counters', () => {
  it('loses no hit when many arrive at once', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => countHit(database.db, 'concurrent', 60_000)),
    );
    expect(counts.map((c) => c.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect((await readHits(database.db, 'concurrent')).hits).toBe(40);
  });

  it('restarts a window that has ended, in place', async () => {
    await countHit(database.db, 'ended', 60_000);
    await countHit(database.db, 'ended', 60_000);
    await sql`update rate_limit_hits set resets_at = now() - interval '1 second' where key = 'ended'`.execute(
      database.db,
    );
    expect(await readHits(database.db, 'ended')).toEqual({ hits: 0, ttlMs: 0 });
    const restarted = await countHit(database.db, 'ended', 30_000);
    expect(restarted.hits).toBe(1);
    expect(restarted.ttlMs).toBeGreaterThan(25_000);
    expect(restarted.ttlMs).toBeLessThanOrEqual(30_000);
  });

  it('sweeps ended windows and keeps running ones', async () => {
    await countHit(database.db, 'running', 60_000);
    await countHit(database.db, 'stale', 60_000);
    await sql`update rate_limit_hits set resets_at = now() - interval '1 minute' where key = 'stale'`.execute(
      database.db,
    );
    expect(await deleteEndedWindows(database.db)).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.selectFrom('rate_limit_hits').select('key').execute()).map(
      (r) => r.key,
    );
    expect(keys).toContain('running');
    expect(keys).not.toContain('stale');
  });

  it('sweeps on a timer while the app runs', async () => {
    const fastify = await limitedApp(database, 20);
    try {
      await countHit(database.db, 'swept-by-timer', 60_000);
      await sql`update rate_limit_hits set resets_at = now() - interval '1 minute' where key = 'swept-by-timer'`.execute(
        database.db,
      );
      for (;;) {
        const left = await database.db
          .selectFrom('rate_limit_hits')
          .select('key')
          .where('key', '=', 'swept-by-timer')
          .execute();
        if (left.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await fastify.close();
    }
  });
});

describe('with the database down', () => {
  let dead: DatabaseHandle;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    // Nothing listens on port 1: every query is refused, as when PostgreSQL is down.
    dead = await createDatabase({ kind: 'postgres', url: 'postgres://canopy@127.0.0.1:1/none' });
    fastify = await limitedApp(dead);
  });
  afterAll(async () => {
    await fastify.close();
    await dead.close();
  });

  it('lets the global limit fail open', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/global' });
    expect(res.statusCode).toBe(200);
  });

  it("fails a route's own limit closed, with 503 DATABASE_UNAVAILABLE", async () => {
    const res = await fastify.inject({ method: 'GET', url: '/own' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
  });
});

describe('on a working database', () => {
  let fastify: FastifyInstance;
  beforeAll(async () => {
    fastify = await limitedApp(database);
  });
  afterAll(() => fastify.close());

  it('counts the global limit and a route limit apart', async () => {
    const statuses = async (url: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++)
        out.push(
          (await fastify.inject({ method: 'GET', url, remoteAddress: '10.8.0.1' })).statusCode,
        );
      return out;
    };
    expect(await statuses('/own', 3)).toEqual([200, 200, 429]);
    expect(await statuses('/global', 6)).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
