import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../../src/package-root.ts';
import { build, type TestApp } from '../../helper.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/ready (readiness) and GET /api/health (liveness)', () => {
  it('is ready on a migrated database', async () => {
    t = await build();
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while a migration of this release is missing, yet stays alive', async () => {
    t = await build();
    // The database of the previous release: its newest migration has not run yet.
    const newest = await t.database.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(t.database.db);
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'migrations' });
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('is not ready, and says so once in its log, when a newer release has migrated the database', async () => {
    const lines: string[] = [];
    t = await build({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    // What a newer release's migrate step leaves behind: a migration this build does not know.
    const newer = '2099_01_01_000000_from_a_newer_release';
    await sql`insert into kysely_migration (name, timestamp) values (${newer}, ${new Date().toISOString()})`.execute(
      t.database.db,
    );
    for (let probe = 0; probe < 3; probe++) {
      const ready = await t.request({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        reason: 'newer-schema',
        detail: expect.stringContaining(`(newest: ${newer})`),
      });
    }
    const logged = lines.filter((line) => line.includes('this release does not know'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({
      level: 50,
      msg: expect.stringContaining(newer),
    });
    // Still alive: the orchestrator must drain it, not restart it in a loop.
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Once the row is gone (a restore, say), it is ready again.
    await sql`delete from kysely_migration where name = ${newer}`.execute(t.database.db);
    expect((await t.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is neither ready nor healthy when the database does not answer', async () => {
    const { app, database } = await build();
    try {
      // Closed under the app (PostgreSQL: the database is dropped too).
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database' });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/version', () => {
  it("answers the server's version and the running Node.js, without signing in", async () => {
    t = await build();
    const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const res = await t.request({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: manifest.version, node: process.version });
  });

  it('keeps the commit, Node.js and the API docs to itself when build details are not public', async () => {
    // Production's default (CANOPY_PUBLIC_API_INFO unset there means off).
    t = await build({ env: { CANOPY_PUBLIC_API_INFO: 'off' } });
    const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const res = await t.request({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: manifest.version, commit: null, node: null });
    for (const url of ['/api/docs', '/api/docs/json']) {
      const docs = await t.request({ method: 'GET', url });
      expect(docs.statusCode).toBe(404);
    }
  });

  it('serves the API docs when build details are public', async () => {
    t = await build({ env: { CANOPY_PUBLIC_API_INFO: 'on' } });
    const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json()).toMatchObject({ openapi: '3.1.0' });
  });
});
