import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../../../src/db/create-database.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, type Cast } from '../../support/fixtures.ts';
import { multipart, TINY_PNG } from '../../support/multipart.ts';
import { keyOf, multipart as chatForm, PNG } from '../chat/chat-support.ts';

/**
 * Two server instances on one database and one S3-compatible bucket (s3rver, a real S3 API), each
 * with a data folder of its own, as on two machines: what is uploaded through one is served by
 * the other. With local storage it would not be (docs/portal-operations.md, Scaling out).
 */
let s3: S3rver;
let s3Dir: string;
let a: TestApp;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;
let bDataDir: string;
let cast: Cast;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'canopy-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'canopy-uploads' }],
  });
  const { port } = (await s3.run()) as AddressInfo;
  a = await build({
    env: {
      CANOPY_STORAGE: 's3',
      CANOPY_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      CANOPY_S3_BUCKET: 'canopy-uploads',
      CANOPY_S3_ACCESS_KEY_ID: 'S3RVER',
      CANOPY_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  cast = await createCast(a);
  // Instance B: same configuration and database, its own pool (PostgreSQL) and data folder.
  bDataDir = mkdtempSync(join(tmpdir(), 'canopy-instance-b-'));
  bDatabase =
    a.database.backend === 'postgres'
      ? await createDatabase({ kind: 'postgres', url: a.database.url!, poolSize: 3 })
      : a.database;
  b = Fastify({ logger: false, return503OnClosing: false });
  await b.register(app, {
    config: { ...a.config, dataDir: bDataDir },
    database: bDatabase,
    rateLimitPerMinute: 0,
  });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  if (bDatabase && bDatabase !== a.database) await bDatabase.close();
  await a?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(bDataDir, { recursive: true, force: true });
});

describe('two instances on the S3-compatible store', () => {
  it('a logo uploaded through A is served by B', async () => {
    const uploaded = await a.request({
      method: 'POST',
      url: '/api/admin/upload-logo',
      token: cast.superAdmin.token,
      ...multipart('logo', TINY_PNG),
    });
    expect(uploaded.statusCode).toBe(200);
    const served = await b.inject({ method: 'GET', url: uploaded.json<{ url: string }>().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('a chat image sent through A is listed and served by B to the other participant', async () => {
    const key = keyOf(cast.adminA, cast.viewerA);
    const sent = await a.request({
      method: 'POST',
      url: `/api/messages/${key}`,
      token: cast.adminA.token,
      ...chatForm(
        { content: 'from A' },
        { name: 'image', filename: 'a.png', bytes: PNG, type: 'image/png' },
      ),
    });
    expect(sent.statusCode).toBe(201);
    const listed = await b.inject({
      method: 'GET',
      url: `/api/messages/${key}`,
      headers: { authorization: `Bearer ${cast.viewerA.token}` },
    });
    expect(listed.statusCode).toBe(200);
    const [message] = listed.json<{ imageUrl: string | null }[]>();
    expect(message?.imageUrl).toBeTruthy();
    const served = await b.inject({ method: 'GET', url: message!.imageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});
