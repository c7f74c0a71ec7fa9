import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, type Cast, type TestPerson } from '../../support/fixtures.ts';
import { keyOf, multipart, PNG } from './chat-support.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
});
afterAll(() => t.close());

const sendForm = (
  from: TestPerson,
  to: { id: string },
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) =>
  t.request({
    method: 'POST',
    url: `/api/messages/${keyOf(from, to)}`,
    token: from.token,
    ...multipart(fields, file),
  });

const image = (bytes: Buffer, filename = 'photo.png') => ({
  name: 'image',
  filename,
  bytes,
  type: 'image/png',
});

describe('chat images', () => {
  it('are stored and served by a signed link, with fixed type and no sniffing', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const res = await sendForm(a, b, { content: 'look' }, image(PNG));
    expect(res.statusCode).toBe(201);
    const { imageUrl, content } = res.json<{ imageUrl: string; content: string }>();
    expect(content).toBe('look');
    expect(imageUrl).toMatch(
      new RegExp(
        `^/api/messages/${keyOf(a, b)}/images/chat-[0-9a-f-]{36}\\.png\\?expires=\\d+&signature=[\\w-]+$`,
      ),
    );
    // An <img> sends no bearer header: the link alone is enough.
    const served = await t.request({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // The other participant is handed the same kind of link in their list.
    const [fromB] = (
      await t.request({ method: 'GET', url: `/api/messages/${keyOf(a, b)}`, token: b.token })
    ).json<{ imageUrl: string }[]>();
    expect((await t.request({ method: 'GET', url: fromB!.imageUrl })).statusCode).toBe(200);
  });

  it('a tampered, re-aimed or expired link serves nothing', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const { imageUrl } = (await sendForm(a, b, {}, image(PNG))).json<{ imageUrl: string }>();
    const url = new URL(imageUrl, 'http://x');
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -2)}AA`);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3_600_000));
    const expired = new URL(url);
    expired.searchParams.set('expires', '1000');
    const elsewhere = new URL(url);
    elsewhere.pathname = url.pathname.replace(keyOf(a, b), keyOf(cast.adminA, cast.viewerA));
    for (const bad of [tampered, later, expired, elsewhere]) {
      const res = await t.request({ method: 'GET', url: bad.pathname + bad.search });
      expect(res.statusCode, bad.toString()).toBe(404);
      expect(res.json()).toMatchObject({ code: 'FILE_NOT_FOUND' });
    }
    expect((await t.request({ method: 'GET', url: url.pathname })).statusCode).toBe(400);
  });

  it('accepts PNG, JPEG, GIF and WebP by their bytes, and an image without text', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const samples: [Buffer, string][] = [
      [PNG, 'png'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'jpg'],
      [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'gif'],
      [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'webp'],
    ];
    for (const [bytes, extension] of samples) {
      // The declared name and type are the client's: only the bytes count.
      const res = await sendForm(a, b, { content: '   ' }, image(bytes, 'whatever.txt'));
      expect(res.statusCode, extension).toBe(201);
      expect(res.json<{ imageUrl: string }>().imageUrl).toContain(`.${extension}?`);
    }
  });

  it('refuses what is not one of the four image types, a second file, and images over 10 MB', async () => {
    const { adminA, viewerA } = cast;
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('plain text'),
      Buffer.alloc(0),
    ]) {
      const res = await sendForm(adminA, viewerA, { content: 'x' }, image(bytes));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    const wrongField = await sendForm(
      adminA,
      viewerA,
      { content: 'x' },
      { ...image(PNG), name: 'file' },
    );
    expect(wrongField.statusCode).toBe(400);
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await sendForm(adminA, viewerA, { content: 'x' }, image(huge));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const before = await t.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('purpose', '=', 'chat-image')
      .executeTakeFirstOrThrow();
    expect(
      (await sendForm(adminA, viewerA, { content: 'x' }, image(Buffer.from('nope')))).statusCode,
    ).toBe(415);
    const after = await t.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('purpose', '=', 'chat-image')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a retried image send with the same client id keeps one message and one stored image', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const first = await sendForm(a, b, { content: 'pic', clientId: 'tmp-1' }, image(PNG));
    const retry = await sendForm(a, b, { content: 'pic', clientId: 'tmp-1' }, image(PNG));
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
    expect(retry.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    const stored = await t.database.db
      .selectFrom('files')
      .select('key')
      .where('created_by', '=', a.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(await t.app.storage.get(stored[0]!.key)).not.toBeNull();
  });

  it("are removed from storage with a deleted person's conversations, and only theirs", async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const c = await createPerson(t, { tenantId: cast.tenantA.id });
    const keyIn = (url: string) => /images\/([^?]+)/.exec(url)![1]!;
    const toB = await sendForm(a, b, { content: 'for b' }, image(PNG));
    const fromB = await sendForm(b, a, { content: 'from b' }, image(PNG));
    const toC = await sendForm(a, c, { content: 'for c' }, image(PNG));
    const [gone1, gone2, kept] = [toB, fromB, toC].map((res) =>
      keyIn(res.json<{ imageUrl: string }>().imageUrl),
    );
    for (const key of [gone1!, gone2!, kept!]) expect(await t.app.storage.get(key)).not.toBeNull();

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/users/${b.id}`,
      token: cast.superAdmin.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.storage.get(gone1!)).toBeNull();
    expect(await t.app.storage.get(gone2!)).toBeNull();
    expect(await t.app.storage.get(kept!)).not.toBeNull();
    const files = await t.database.db
      .selectFrom('files')
      .select('key')
      .where('key', 'in', [gone1!, gone2!, kept!])
      .execute();
    expect(files).toEqual([{ key: kept }]);
  });
});
