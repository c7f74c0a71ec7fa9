import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';
import { AUTH_RATE_LIMIT } from '../../src/routes/api/auth/index.ts';
import { build, type TestApp } from '../helper.ts';

/**
 * Two instances on one database, each with the database store (the default on PostgreSQL): a
 * client's hits on A and on B count into one window, so the deployment allows the limit once, not
 * once per instance. Under PostgreSQL each instance has its own pool; under PGlite they share the
 * in-process database (the store is forced there: PGlite's default is memory).
 */
const GLOBAL_PER_MINUTE = 12;
let a: TestApp;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;
beforeAll(async () => {
  a = await build({ rateLimitStore: 'database', rateLimitPerMinute: GLOBAL_PER_MINUTE });
  bDatabase =
    a.database.backend === 'postgres'
      ? await createDatabase({ kind: 'postgres', url: a.database.url!, poolSize: 3 })
      : a.database;
  b = Fastify({ logger: false });
  await b.register(app, {
    config: a.config,
    database: bDatabase,
    rateLimitStore: 'database',
    rateLimitPerMinute: GLOBAL_PER_MINUTE,
  });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  if (bDatabase !== a.database) await bDatabase.close();
  await a.close();
});

const instances = () => [a.app, b];

describe('rate limits shared by two instances', () => {
  it('adds sign-in attempts on A and B up to one auth limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT.max + 4; i++) {
      const res = await instances()[i % 2]!.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.7.0.1',
        payload: { email: `nobody-${i}@example.com`, password: 'Wrong-Password-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, AUTH_RATE_LIMIT.max).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(AUTH_RATE_LIMIT.max).every((s) => s === 429)).toBe(true);
    // Either instance now refuses the address, and says for how long.
    for (const instance of instances()) {
      const res = await instance.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.7.0.1',
        payload: { email: 'nobody@example.com', password: 'Wrong-Password-1' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(AUTH_RATE_LIMIT.timeWindow / 1000);
    }
  });

  it('adds requests on A and B up to one global limit, per address', async () => {
    const status = async (instance: FastifyInstance, remoteAddress: string) =>
      (await instance.inject({ method: 'GET', url: '/api/auth/oidc', remoteAddress })).statusCode;
    // /api/auth/oidc has its own auth limit; a public route without one carries the global one.
    const plain = async (instance: FastifyInstance, remoteAddress: string) =>
      (await instance.inject({ method: 'GET', url: '/api/files/nothing', remoteAddress }))
        .statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < GLOBAL_PER_MINUTE + 2; i++)
      statuses.push(await plain(instances()[i % 2]!, '10.7.0.2'));
    expect(statuses.slice(0, GLOBAL_PER_MINUTE).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(GLOBAL_PER_MINUTE)).toEqual([429, 429]);
    // Another address, and the route with a limit of its own, count separately.
    expect(await plain(b, '10.7.0.3')).not.toBe(429);
    expect(await status(a.app, '10.7.0.2')).not.toBe(429);
  });

  it('keeps one row per limiter and address', async () => {
    const rows = await a.database.db
      .selectFrom('rate_limit_hits')
      .select(['key', 'hits'])
      .where('key', 'like', '%10.7.0.1')
      .execute();
    expect(rows).toEqual([{ key: 'POST /api/auth/login 10.7.0.1', hits: AUTH_RATE_LIMIT.max + 6 }]);
  });
});
