import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import app from '../../../src/app.ts';
import { loadConfig, type Config } from '../../../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../../../src/db/create-database.ts';
import type { TestApp } from '../../helper.ts';
import { adminUrl, testBackend, urlFor } from '../../support/backend.ts';
import { createCast } from '../../support/fixtures.ts';
import { multipart, TINY_PNG } from '../../support/multipart.ts';
import { createTestDatabase } from '../../support/test-database.ts';
import { keyOf, multipart as chatForm, PNG } from '../chat/chat-support.ts';

/**
 * The backup and restore of docs/portal-operations.md ("Backups"), done as written: with
 * PostgreSQL, `pg_dump --format=custom` and a copy of `CANOPY_DATA_DIR/files` (`cp -a`), then
 * `pg_restore` into an empty database and the folder put back; with PGlite, the server stopped
 * and `CANOPY_DATA_DIR` copied. Everything of the first installation is wiped in between, and the
 * restored one serves the logo and the chat image again.
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'canopy-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const configFor = (dataDir: string): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CANOPY_DATA_DIR: dataDir,
    CANOPY_JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    CANOPY_ENCRYPTION_KEY: '0'.repeat(64),
    CANOPY_PUBLIC_URL: 'http://portal.test',
  });

/** The server as server.ts starts it, on a data folder and a database. */
async function start(dataDir: string, database: DatabaseHandle): Promise<TestApp> {
  const config = configFor(dataDir);
  const fastify: FastifyInstance = Fastify({ logger: false, return503OnClosing: false });
  await fastify.register(app, { config, database, rateLimitPerMinute: 0 });
  await fastify.ready();
  return {
    app: fastify,
    routes: [],
    database,
    config,
    request: ({ token, headers, ...rest }) =>
      fastify.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    close: () => fastify.close(),
  };
}

/** An empty PostgreSQL database of its own (dropped after the file). */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `canopy_restore_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl() });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return urlFor(name);
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('backup and restore', () => {
  // A whole installation's life (start, upload, dump, wipe, restore, start): more than the default.
  it(
    'brings back the database and the uploaded logo and chat image',
    { timeout: 120_000 },
    async () => {
      const backend = testBackend();
      const dataDir = join(scratch, 'installation');
      const backup = join(scratch, 'backup');
      const restoredDir = join(scratch, 'restored');
      mkdirSync(dataDir);

      // 1. An installation with a logo and a chat image on local storage.
      // PGlite on disk, as server.ts opens it, started from the suite's migrated template.
      const database =
        backend === 'postgres'
          ? await createTestDatabase()
          : await createDatabase({
              kind: 'pglite',
              dataDir,
              loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]),
            });
      const first = await start(dataDir, database);
      const cast = await createCast(first);
      const logo = await first.request({
        method: 'POST',
        url: '/api/admin/upload-logo',
        token: cast.superAdmin.token,
        ...multipart('logo', TINY_PNG),
      });
      expect(logo.statusCode).toBe(200);
      const logoUrl = logo.json<{ url: string }>().url;
      const key = keyOf(cast.adminA, cast.viewerA);
      const sent = await first.request({
        method: 'POST',
        url: `/api/messages/${key}`,
        token: cast.adminA.token,
        ...chatForm({ content: 'kept' }, { name: 'image', filename: 'a.png', bytes: PNG }),
      });
      expect(sent.statusCode).toBe(201);

      // 2. The backup, as documented.
      mkdirSync(backup);
      if (backend === 'postgres') {
        await run('pg_dump', [
          '--format=custom',
          `--file=${join(backup, 'canopy.dump')}`,
          database.url!,
        ]);
        await run('cp', ['-a', join(dataDir, 'files'), join(backup, 'files')]);
        await first.close();
      } else {
        // PGlite: stop the server, then copy the whole data folder.
        await first.close();
        await database.close();
        await run('cp', ['-a', dataDir, join(backup, 'installation')]);
      }

      // 3. Everything lost: the database and the data folder.
      if (backend === 'postgres') await database.close();
      rmSync(dataDir, { recursive: true, force: true });

      // 4. The restore, as documented, into new places.
      let restoredDatabase: DatabaseHandle;
      if (backend === 'postgres') {
        const url = await emptyPostgresDatabase();
        await run('pg_restore', ['--no-owner', `--dbname=${url}`, join(backup, 'canopy.dump')]);
        mkdirSync(restoredDir);
        await run('cp', ['-a', join(backup, 'files'), join(restoredDir, 'files')]);
        restoredDatabase = await createDatabase({ kind: 'postgres', url, poolSize: 3 });
      } else {
        await run('cp', ['-a', join(backup, 'installation'), restoredDir]);
        restoredDatabase = await createDatabase({ kind: 'pglite', dataDir: restoredDir });
      }
      cleanups.push(() => restoredDatabase.close());
      const second = await start(restoredDir, restoredDatabase);
      cleanups.push(() => second.close());

      // 5. The restored installation serves both files, kept private on disk.
      const servedLogo = await second.request({ method: 'GET', url: logoUrl });
      expect(servedLogo.statusCode).toBe(200);
      expect(servedLogo.rawPayload.equals(TINY_PNG)).toBe(true);
      const listed = await second.request({
        method: 'GET',
        url: `/api/messages/${key}`,
        token: cast.viewerA.token,
      });
      expect(listed.statusCode).toBe(200);
      const [message] = listed.json<{ content: string; imageUrl: string | null }[]>();
      expect(message?.content).toBe('kept');
      const servedImage = await second.request({ method: 'GET', url: message!.imageUrl! });
      expect(servedImage.statusCode).toBe(200);
      expect(servedImage.rawPayload.equals(PNG)).toBe(true);
      expect(modeOf(join(restoredDir, 'files'))).toBe(0o700);
    },
  );
});
