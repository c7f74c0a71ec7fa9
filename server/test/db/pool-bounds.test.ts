import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';
import { databaseBusy } from '../../src/db/database-busy.ts';
import { toAppError } from '../../src/plugins/app/error-handler.ts';
import { build, type TestApp } from '../helper.ts';
import { testBackend } from '../support/backend.ts';

/**
 * The pool's bounds: a request that finds every connection taken waits the connect timeout and
 * then answers 503 DATABASE_BUSY (not a 500, not for ever); a statement past the statement
 * timeout is cancelled and answers 503 DATABASE_STATEMENT_TIMEOUT. On PostgreSQL with a real pool
 * of one connection; PGlite (one in-process connection, no pool) is unaffected by both settings.
 */
const env = { CANOPY_JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789' };

describe('the pool settings', () => {
  it('default to a 10-connection pool, a 5 s wait and a 30 s statement limit', () => {
    expect(loadConfig(env).databasePool).toEqual({
      size: 10,
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 30_000,
    });
    const set = loadConfig({
      ...env,
      CANOPY_DB_POOL_SIZE: '4',
      CANOPY_DB_CONNECT_TIMEOUT_MS: '250',
      CANOPY_DB_STATEMENT_TIMEOUT_MS: '0',
    });
    expect(set.databasePool).toEqual({ size: 4, connectTimeoutMs: 250, statementTimeoutMs: 0 });
    expect(() => loadConfig({ ...env, CANOPY_DB_CONNECT_TIMEOUT_MS: '5' })).toThrow(
      /CANOPY_DB_CONNECT_TIMEOUT_MS/,
    );
  });

  it('name the two ways of being busy with their own codes', () => {
    const poolWait = new Error('timeout exceeded when trying to connect');
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    expect(databaseBusy(poolWait)).toBe('DATABASE_BUSY');
    expect(databaseBusy(cancelled)).toBe('DATABASE_STATEMENT_TIMEOUT');
    expect(databaseBusy(new Error('syntax error'))).toBeUndefined();
    expect(toAppError(poolWait)).toMatchObject({ code: 'DATABASE_BUSY', statusCode: 503 });
  });
});

describe(`bounds on ${testBackend()}`, () => {
  let t: TestApp;
  let bounded: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    t = await build();
    bounded =
      t.database.backend === 'postgres'
        ? await createDatabase({
            kind: 'postgres',
            url: t.database.url!,
            poolSize: 1,
            connectTimeoutMs: 300,
            statementTimeoutMs: 200,
          })
        : t.database;
    app = bounded === t.database ? t : await build({ database: bounded });
  });

  afterAll(async () => {
    if (app !== t) await app?.close();
    await t?.close();
  });

  it('answers 503 DATABASE_BUSY while every connection stays taken, and serves again after', async () => {
    if (bounded.backend === 'pglite') {
      // One in-process connection, no pool to wait for: a long statement simply runs.
      await expect(sql`select pg_sleep(0.3)`.execute(bounded.db)).resolves.toBeDefined();
      return;
    }
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    let taken!: () => void;
    const isTaken = new Promise<void>((done) => (taken = done));
    const holder = bounded.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      taken();
      await released;
    });
    await isTaken;
    const login = () =>
      app.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'not-the-password' },
      });
    const busy = await login();
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.json()).toEqual({
      code: 'DATABASE_BUSY',
      error: 'The server is busy right now. Try again in a moment.',
    });
    release();
    await holder;
    expect((await login()).statusCode).toBe(401);
  });

  it('cancels a statement past the limit: 503 DATABASE_STATEMENT_TIMEOUT', async () => {
    if (bounded.backend === 'pglite') {
      await expect(sql`select 1 as one`.execute(bounded.db)).resolves.toMatchObject({
        rows: [{ one: 1 }],
      });
      return;
    }
    const failure = await sql`select pg_sleep(2)`.execute(bounded.db).catch((e: unknown) => e);
    expect(toAppError(failure)).toMatchObject({
      code: 'DATABASE_STATEMENT_TIMEOUT',
      statusCode: 503,
    });
    // The connection is fine afterwards: the limit cancels the statement, not the session.
    await expect(sql`select 1 as one`.execute(bounded.db)).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });
});
