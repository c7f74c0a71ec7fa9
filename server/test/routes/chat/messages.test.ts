import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, type Cast } from '../../support/fixtures.ts';
import { keyOf, send } from './chat-support.ts';

interface Msg {
  id: string;
  conversationId: string;
  senderId: string;
  content: string;
  imageUrl: string | null;
  createdAt: string;
  readBy: { id: string }[];
  reactions: { emoji: string; user: { email: string } }[];
  cursor: string;
}

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
});
afterAll(() => t.close());

const poll = (person: { token: string }, key: string, since?: string) =>
  t.request({
    method: 'GET',
    url: `/api/messages/${key}${since ? `?since=${encodeURIComponent(since)}` : ''}`,
    token: person.token,
  });

describe('sending and reading messages', () => {
  it('stores a trimmed message with its fields and returns it in polls and the conversation', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const key = keyOf(a, b);
    expect(
      (await t.request({ method: 'GET', url: `/api/conversations/key/${key}`, token: a.token }))
        .statusCode,
    ).toBe(404);
    expect((await poll(a, key)).json()).toEqual([]);

    const res = await send(t, a, b, '  hello there \n');
    expect(res.statusCode).toBe(201);
    const message = res.json<Msg>();
    expect(message).toMatchObject({
      senderId: a.id,
      content: 'hello there',
      imageUrl: null,
      readBy: [{ id: a.id }],
      reactions: [],
    });
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);

    const fromB = await poll(b, key);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json<Msg[]>().map((m) => m.id)).toEqual([message.id]);
    expect(fromB.headers['x-next-cursor']).toBe(message.cursor);
    expect(fromB.headers['x-has-more']).toBe('false');
    expect((await poll(b, key, message.createdAt)).json()).toEqual([]);
    expect((await poll(b, key, message.cursor)).json()).toEqual([]);

    const conversation = await t.request({
      method: 'GET',
      url: `/api/conversations/key/${key}`,
      token: b.token,
    });
    expect(conversation.statusCode).toBe(200);
    expect(conversation.json<{ messages: Msg[] }>().messages).toEqual([message]);
  });

  it('refuses blank text without an image, and text over 4,000 characters after trimming', async () => {
    const { adminA, viewerA } = cast;
    for (const content of ['', '   ', '\n\t ']) {
      const res = await send(t, adminA, viewerA, content);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MESSAGE_EMPTY' });
    }
    expect((await send(t, adminA, viewerA, `  ${'x'.repeat(4000)}  `)).statusCode).toBe(201);
    const long = await send(t, adminA, viewerA, 'x'.repeat(4001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'MESSAGE_TOO_LONG' });
  });

  it('a retried send with the same client id stores one message and answers with it', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const first = await send(t, a, b, 'once', 'temp-123');
    const again = await send(t, a, b, 'once', 'temp-123');
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => send(t, a, b, 'twice', 'temp-456')),
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json<Msg>().id).toBe(first.json<Msg>().id);
    expect(new Set(concurrent.map((r) => r.json<Msg>().id)).size).toBe(1);
    expect(concurrent.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    // The same client id from the other person is their own message.
    expect((await send(t, b, a, 'mine', 'temp-123')).statusCode).toBe(201);
    expect((await poll(a, keyOf(a, b))).json<Msg[]>().map((m) => m.content)).toEqual([
      'once',
      'twice',
      'mine',
    ]);
  });
});

describe('since', () => {
  it('never skips a message: concurrent sends get distinct, increasing timestamps', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const key = keyOf(a, b);
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(t, i % 2 ? a : b, i % 2 ? b : a, `m${i}`)),
    );
    expect(sent.every((r) => r.statusCode === 201)).toBe(true);
    const all = (await poll(a, key)).json<Msg[]>();
    expect(all).toHaveLength(30);
    const times = all.map((m) => Date.parse(m.createdAt));
    expect(times.every((time, i) => i === 0 || time > times[i - 1]!)).toBe(true);
    for (let i = 0; i < all.length; i++) {
      const byTime = (await poll(b, key, all[i]!.createdAt)).json<Msg[]>();
      const byCursor = (await poll(b, key, all[i]!.cursor)).json<Msg[]>();
      expect(byTime.map((m) => m.id)).toEqual(all.slice(i + 1).map((m) => m.id));
      expect(byCursor.map((m) => m.id)).toEqual(all.slice(i + 1).map((m) => m.id));
    }
  });

  it('pages 200 at a time and the cursor header continues without gaps', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const key = keyOf(a, b);
    expect((await send(t, a, b, 'first')).statusCode).toBe(201);
    const { id: conversationId } = await t.database.db
      .selectFrom('conversations')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    // 449 more straight into the table, one millisecond apart, as sends would leave them.
    const base = Date.now() + 1000;
    await t.database.db
      .insertInto('messages')
      .values(
        Array.from({ length: 449 }, (_, i) => ({
          conversation_id: conversationId,
          sender_id: a.id,
          content: `bulk ${i}`,
          image_key: null,
          client_id: null,
          created_at: new Date(base + i),
        })),
      )
      .execute();
    const seen: string[] = [];
    let since: string | undefined;
    let pages = 0;
    for (;;) {
      const res = await poll(b, key, since);
      pages++;
      seen.push(...res.json<Msg[]>().map((m) => m.content));
      since = res.headers['x-next-cursor'] as string;
      if (res.headers['x-has-more'] !== 'true') break;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['first', ...Array.from({ length: 449 }, (_, i) => `bulk ${i}`)]);
    expect((await poll(b, key, since)).json()).toEqual([]);

    // Backwards from the newest page: 200, 200, then the last 50, each oldest first.
    const earlier = (before?: string) =>
      t.request({
        method: 'GET',
        url: `/api/conversations/key/${key}${before ? `?before=${before}` : ''}`,
        token: a.token,
      });
    const back: string[][] = [];
    let before: string | undefined;
    for (;;) {
      const page = (await earlier(before)).json<{ messages: Msg[]; hasEarlier: boolean }>();
      back.unshift(page.messages.map((m) => m.content));
      if (!page.hasEarlier) break;
      before = page.messages[0]!.cursor;
    }
    expect(back.map((page) => page.length)).toEqual([50, 200, 200]);
    expect(back.flat()).toEqual(seen);
    for (const bad of ['yesterday', 'c', '12', 'c1e5']) {
      const refused = await earlier(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses a since that is neither a timestamp nor a cursor', async () => {
    for (const since of ['yesterday', 'c', 'c-1', '12345', 'c1e5']) {
      const res = await poll(cast.adminA, keyOf(cast.adminA, cast.viewerA), since);
      expect(res.statusCode, since).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('conversation keys', () => {
  const everyRoute = (key: string) => [
    { method: 'GET' as const, url: `/api/messages/${key}` },
    { method: 'POST' as const, url: `/api/messages/${key}`, payload: { content: 'hi' } },
    { method: 'GET' as const, url: `/api/conversations/key/${key}` },
    {
      method: 'POST' as const,
      url: `/api/conversations/key/${key}/read`,
      payload: { messageIds: [] },
    },
  ];

  it('cannot chat with yourself', async () => {
    const key = `${cast.adminA.id}_${cast.adminA.id}`;
    for (const request of everyRoute(key)) {
      const res = await t.request({ ...request, token: cast.adminA.token });
      expect(res.statusCode, request.url).toBe(400);
      expect(res.json()).toEqual({
        error: 'Cannot chat with yourself',
        code: 'CANNOT_CHAT_WITH_YOURSELF',
      });
    }
  });

  it("answers an unknown person, another tenant's person, a super admin and a key without the caller identically", async () => {
    const unknown = { id: '00000000-0000-4000-8000-000000000000' };
    const keys = [
      keyOf(cast.adminA, unknown),
      keyOf(cast.adminA, cast.adminB),
      keyOf(cast.adminA, cast.superAdmin),
      keyOf(cast.viewerA, cast.adminB),
    ];
    // tenant B already has a conversation with its own people; A must not learn of it either.
    expect((await send(t, cast.adminB, cast.viewerB, 'private to B')).statusCode).toBe(201);
    keys.push(keyOf(cast.adminB, cast.viewerB));
    for (const key of keys) {
      for (const request of everyRoute(key)) {
        const res = await t.request({ ...request, token: cast.adminA.token });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(res.json()).toEqual({
          error: 'Conversation not found',
          code: 'CONVERSATION_NOT_FOUND',
        });
      }
      const typing = await t.request({
        method: 'POST',
        url: `/api/conversations/${key}/typing`,
        token: cast.adminA.token,
        payload: { userId: cast.adminA.id, isTyping: true },
      });
      expect(typing.statusCode).toBe(404);
    }
  });

  it('super administrators have no chat', async () => {
    const key = keyOf(cast.superAdmin, cast.adminA);
    for (const request of everyRoute(key)) {
      const res = await t.request({ ...request, token: cast.superAdmin.token });
      expect(res.statusCode).toBe(403);
    }
  });

  it('accepts the ids in either order and answers with the sorted key', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const reversed = [a.id, b.id].sort().reverse().join('_');
    const res = await t.request({
      method: 'POST',
      url: `/api/messages/${reversed}`,
      token: a.token,
      payload: { content: 'x' },
    });
    expect(res.statusCode).toBe(201);
    expect((await poll(b, keyOf(a, b))).json<Msg[]>()).toHaveLength(1);
  });

  it('refuses malformed keys', async () => {
    for (const key of [
      'abc',
      `${cast.adminA.id}`,
      `${cast.adminA.id}-${cast.viewerA.id}`,
      `${cast.adminA.id}_${cast.viewerA.id}_x`,
    ]) {
      const res = await poll(cast.adminA, key);
      expect(res.statusCode, key).toBe(400);
    }
  });
});

describe('read receipts', () => {
  it("mark only the other person's messages of that conversation", async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const c = await createPerson(t, { tenantId: cast.tenantA.id });
    const fromA = (await send(t, a, b, 'from a')).json<Msg>();
    const fromB = (await send(t, b, a, 'from b')).json<Msg>();
    const elsewhere = (await send(t, c, b, 'from c')).json<Msg>();
    const read = await t.request({
      method: 'POST',
      url: `/api/conversations/key/${keyOf(a, b)}/read`,
      token: b.token,
      payload: { messageIds: [fromA.id, fromB.id, elsewhere.id, fromA.id] },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ok: true, updated: 1 });
    const messages = (await poll(a, keyOf(a, b))).json<Msg[]>();
    expect(messages.find((m) => m.id === fromA.id)!.readBy).toEqual([{ id: a.id }, { id: b.id }]);
    expect(messages.find((m) => m.id === fromB.id)!.readBy).toEqual([{ id: b.id }]);
    expect((await poll(c, keyOf(c, b))).json<Msg[]>()[0]!.readBy).toEqual([{ id: c.id }]);
    // Reading again changes nothing.
    const again = await t.request({
      method: 'POST',
      url: `/api/conversations/key/${keyOf(a, b)}/read`,
      token: b.token,
      payload: { messageIds: [fromA.id] },
    });
    expect(again.json()).toEqual({ ok: true, updated: 0 });
  });
});

describe('reactions', () => {
  const react = (person: { token: string }, messageId: string, emoji: string) =>
    t.request({
      method: 'POST',
      url: `/api/conversations/messages/${messageId}/reactions`,
      token: person.token,
      payload: { emoji },
    });

  it('toggle one of the six per person per emoji, shown with the reacting person', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const message = (await send(t, a, b, 'react to me')).json<Msg>();
    for (const emoji of ['👍', '❤️', '😂', '😮', '😢', '😠']) {
      expect((await react(b, message.id, emoji)).json()).toEqual({ action: 'added' });
    }
    expect((await react(a, message.id, '👍')).json()).toEqual({ action: 'added' });
    expect((await react(b, message.id, '😂')).json()).toEqual({ action: 'removed' });
    const [shown] = (await poll(a, keyOf(a, b))).json<Msg[]>();
    expect(shown!.reactions).toEqual([
      { emoji: '👍', user: { email: b.email } },
      { emoji: '❤️', user: { email: b.email } },
      { emoji: '😮', user: { email: b.email } },
      { emoji: '😢', user: { email: b.email } },
      { emoji: '😠', user: { email: b.email } },
      { emoji: '👍', user: { email: a.email } },
    ]);
  });

  it('refuses other emojis, and messages of conversations the caller is not in', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const message = (await send(t, a, b, 'hi')).json<Msg>();
    for (const emoji of ['🎉', 'thumbs up', '', '👍👍']) {
      expect((await react(a, message.id, emoji)).statusCode).toBe(400);
    }
    for (const outsider of [cast.viewerA, cast.adminB]) {
      const res = await react(outsider, message.id, '👍');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    }
    expect((await react(a, '00000000-0000-4000-8000-000000000000', '👍')).statusCode).toBe(404);
  });
});

describe('typing', () => {
  it("is accepted only for the caller's own user id", async () => {
    const key = keyOf(cast.adminA, cast.viewerA);
    const own = await t.request({
      method: 'POST',
      url: `/api/conversations/${key}/typing`,
      token: cast.adminA.token,
      payload: { userId: cast.adminA.id, isTyping: true },
    });
    expect(own.statusCode).toBe(200);
    const other = await t.request({
      method: 'POST',
      url: `/api/conversations/${key}/typing`,
      token: cast.adminA.token,
      payload: { userId: cast.viewerA.id, isTyping: true },
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers on the published /key/ path and on the original one alike', async () => {
    const key = keyOf(cast.adminA, cast.viewerA);
    for (const url of [
      `/api/conversations/key/${key}/typing`,
      `/api/conversations/${key}/typing`,
    ]) {
      const own = await t.request({
        method: 'POST',
        url,
        token: cast.adminA.token,
        payload: { userId: cast.adminA.id, isTyping: false },
      });
      expect(own.statusCode, url).toBe(200);
    }
  });
});

describe('deleting a tenant', () => {
  it('removes its conversations, messages, reactions and stored events with it', async () => {
    const { createTenant } = await import('../../support/fixtures.ts');
    const tenant = await createTenant(t);
    const a = await createPerson(t, { tenantId: tenant.id });
    const b = await createPerson(t, { tenantId: tenant.id });
    const message = (await send(t, a, b, 'gone soon')).json<Msg>();
    await t.request({
      method: 'POST',
      url: `/api/conversations/messages/${message.id}/reactions`,
      token: b.token,
      payload: { emoji: '👍' },
    });
    await t.database.db.deleteFrom('tenants').where('id', '=', tenant.id).execute();
    const count = async (
      table: 'conversations' | 'messages' | 'message_reactions' | 'chat_events' | 'chat_inboxes',
    ) =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where(
              table === 'conversations' ? 'user_a' : table === 'messages' ? 'sender_id' : 'user_id',
              'in',
              [a.id, b.id],
            )
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const table of [
      'conversations',
      'messages',
      'message_reactions',
      'chat_events',
      'chat_inboxes',
    ] as const)
      expect(await count(table), table).toBe(0);
  });
});
