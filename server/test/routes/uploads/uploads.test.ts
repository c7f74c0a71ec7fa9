import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '../../../src/modules/storage/logos.service.ts';
import { build, type TestApp } from '../../helper.ts';
import { UPLOAD_RATE_LIMIT } from '../../../src/routes/api/upload-logo/index.ts';
import { createCast, createPerson, type Cast } from '../../support/fixtures.ts';
import { multipart, TINY_PNG } from '../../support/multipart.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
});
afterAll(() => t.close());

const upload = (
  bytes: Buffer,
  token: string,
  options: { url?: string; field?: string; filename?: string; contentType?: string } = {},
) =>
  t.request({
    method: 'POST',
    url: options.url ?? '/api/upload-logo',
    token,
    ...multipart(options.field ?? 'logo', bytes, options),
  });
const fileCount = async () =>
  (await t.database.db.selectFrom('files').select('key').execute()).length;
const storedFiles = () => {
  try {
    return readdirSync(join(t.config.dataDir, 'files'));
  } catch {
    return [];
  }
};

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(64, 1),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('POST /api/admin/upload-logo and /api/upload-logo', () => {
  it('stores a super admin’s PNG under a random name and serves it back with safe headers', async () => {
    const res = await upload(TINY_PNG, cast.superAdmin.token, {
      url: '/api/admin/upload-logo',
      filename: '../../etc/passwd.png',
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/files\/[\w-]{24}\.png$/);
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const row = await t.database.db
      .selectFrom('files')
      .selectAll()
      .where('key', '=', url.split('/').pop())
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      purpose: 'logo',
      content_type: 'image/png',
      size: TINY_PNG.length,
      tenant_id: null,
      created_by: cast.superAdmin.id,
    });
  });

  it("records a tenant Admin's logo under their tenant, audited", async () => {
    const res = await upload(TINY_PNG, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const key = res.json().url.split('/').pop();
    const row = await t.database.db
      .selectFrom('files')
      .select('tenant_id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.tenant_id).toBe(cast.tenantA.id);
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'tenant_id'])
      .where('target', '=', `file:${key}`)
      .execute();
    expect(events).toEqual([
      { action: 'upload.logo', actor_id: cast.adminA.id, tenant_id: cast.tenantA.id },
    ]);
  });

  it('decides the type from the bytes: JPEG, GIF and WebP are recognised whatever they are called', async () => {
    for (const [bytes, type, extension] of [
      [JPEG, 'image/jpeg', 'jpg'],
      [GIF, 'image/gif', 'gif'],
      [WEBP, 'image/webp', 'webp'],
    ] as const) {
      const res = await upload(bytes, cast.adminA.token, {
        filename: 'logo.txt',
        contentType: 'text/plain',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().url.endsWith(`.${extension}`)).toBe(true);
      const served = await t.request({ method: 'GET', url: res.json().url });
      expect(served.headers['content-type']).toBe(type);
    }
  });

  it('refuses SVG and anything that is not one of the four images (415), even when it claims to be', async () => {
    const before = await fileCount();
    for (const bytes of [
      SVG,
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('GIF8'),
      Buffer.alloc(0),
    ]) {
      const res = await upload(bytes, cast.adminA.token, {
        filename: 'logo.png',
        contentType: 'image/png',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: 'Unsupported file type',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect(await fileCount()).toBe(before);
  });

  it('accepts exactly 2 MB and refuses one byte more with 413, storing nothing', async () => {
    const atLimit = Buffer.concat([TINY_PNG, Buffer.alloc(LOGO_MAX_BYTES - TINY_PNG.length)]);
    expect((await upload(atLimit, cast.adminA.token)).statusCode).toBe(200);
    const before = { rows: await fileCount(), stored: storedFiles().length };
    const over = await upload(Buffer.concat([atLimit, Buffer.alloc(1)]), cast.adminA.token);
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('PAYLOAD_TOO_LARGE');
    const huge = await upload(
      Buffer.concat([TINY_PNG, Buffer.alloc(12 * 1024 * 1024)]),
      cast.adminA.token,
    );
    expect(huge.statusCode).toBe(413);
    expect({ rows: await fileCount(), stored: storedFiles().length }).toEqual(before);
  });

  it('over real HTTP, answers 413 to a 50 MB streamed upload (no 5xx, no hang)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { payload, headers } = multipart('logo', TINY_PNG);
    const [head, tail] = [payload.subarray(0, payload.length - 50), payload.subarray(-50)];
    const total = 50 * 1024 * 1024;
    let sent = 0;
    // The file part is TINY_PNG followed by 50 MB of zeros, produced only as the server reads.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        const chunk = new Uint8Array(64 * 1024);
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${address}/api/upload-logo`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${cast.adminA.token}` },
      body,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('needs the file in the field "logo", in a multipart body', async () => {
    const wrongField = await upload(TINY_PNG, cast.adminA.token, { field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toEqual([
      { path: 'body.logo', message: 'An image file is required in the field "logo"' },
    ]);
    const json = await t.request({
      method: 'POST',
      url: '/api/upload-logo',
      token: cast.adminA.token,
      payload: { logo: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses Viewers, and tenant Admins on the super admin route (403)', async () => {
    expect((await upload(TINY_PNG, cast.viewerA.token)).statusCode).toBe(403);
    expect(
      (await upload(TINY_PNG, cast.adminA.token, { url: '/api/admin/upload-logo' })).statusCode,
    ).toBe(403);
  });
});

describe('upload rate limit', () => {
  it('allows 30 uploads a minute per person, then 429 with Retry-After; others are unaffected', async () => {
    const busy = await createPerson(t, { tenantId: cast.tenantB.id, role: 'Admin' });
    for (let i = 0; i < UPLOAD_RATE_LIMIT.max; i++) {
      expect((await upload(TINY_PNG, busy.token)).statusCode).toBe(200);
    }
    const limited = await upload(TINY_PNG, busy.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(TINY_PNG, cast.adminB.token)).statusCode).toBe(200);
  });
});

describe('GET /api/files/{key}', () => {
  it('serves only logos: a stored chat image is not public', async () => {
    const key = 'privatechatimage0000001.png';
    await t.app.storage.put(key, TINY_PNG, 'image/png');
    await t.database.db
      .insertInto('files')
      .values({
        key,
        content_type: 'image/png',
        size: TINY_PNG.length,
        purpose: 'chat-image',
        tenant_id: cast.tenantA.id,
        created_by: cast.adminA.id,
      })
      .execute();
    const res = await t.request({ method: 'GET', url: `/api/files/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('FILE_NOT_FOUND');
  });

  it('answers 404 for an unknown key and 400 for a key that is not one of ours', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/files/nothing-here.png' })).statusCode,
    ).toBe(404);
    for (const key of ['..%2F..%2Fjwt-secret', '.hidden.png', 'a.svg.html']) {
      const res = await t.request({ method: 'GET', url: `/api/files/${key}` });
      expect(res.statusCode, key).toBe(400);
    }
  });
});
