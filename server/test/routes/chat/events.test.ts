import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, type Cast } from '../../support/fixtures.ts';
import { keyOf, openStream, send, type SseEvent } from './chat-support.ts';

let t: TestApp;
let cast: Cast;
let baseUrl: string;
beforeAll(async () => {
  t = await build({ chat: { typingTtlMs: 100, sessionCheckMs: 50 } });
  cast = await createCast(t);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const ticketFor = async (person: { token: string }) =>
  (await t.request({ method: 'POST', url: '/api/events/ticket', token: person.token })).json<{
    ticket: string;
    expiresAt: string;
  }>();

describe('stream tickets', () => {
  it('open one stream once; a missing, unknown or spent ticket is refused', async () => {
    expect((await fetch(`${baseUrl}/api/events`)).status).toBe(400);
    const unknown = await fetch(`${baseUrl}/api/events?ticket=nope`);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: 'INVALID_STREAM_TICKET' });

    const { ticket, expiresAt } = await ticketFor(cast.adminA);
    const lifetime = Date.parse(expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    const controller = new AbortController();
    const first = await fetch(`${baseUrl}/api/events?ticket=${ticket}`, {
      signal: controller.signal,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect((await fetch(`${baseUrl}/api/events?ticket=${ticket}`)).status).toBe(401);
    controller.abort();
  });

  it('are for tenant users only, and die with the session', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/events/ticket', token: cast.superAdmin.token }))
        .statusCode,
    ).toBe(403);
    const person = await createPerson(t, { tenantId: cast.tenantA.id });
    const { ticket } = await ticketFor(person);
    await t.database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', person.id)
      .execute();
    expect((await fetch(`${baseUrl}/api/events?ticket=${ticket}`)).status).toBe(401);
  });

  it("end an open stream when its session ends, and leave other people's open", async () => {
    const leaving = await createPerson(t, { tenantId: cast.tenantA.id });
    const staying = await createPerson(t, { tenantId: cast.tenantA.id });
    const gone = await openStream(t, baseUrl, leaving);
    const open = await openStream(t, baseUrl, staying);
    const logout = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: leaving.token,
    });
    expect(logout.statusCode).toBeLessThan(300);
    await gone.closed();
    await send(t, cast.adminA, staying, 'still here');
    expect((await open.next((e) => e.event === 'message')).data).toMatchObject({
      senderId: cast.adminA.id,
    });
    open.close();
  });
});

describe('events', () => {
  it('message, read, reaction and typing reach both participants and nobody else', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const outsider = await createPerson(t, { tenantId: cast.tenantA.id });
    const key = keyOf(a, b);
    const streamA = await openStream(t, baseUrl, a);
    const streamB = await openStream(t, baseUrl, b);
    const streamOut = await openStream(t, baseUrl, outsider);

    const message = (await send(t, a, b, 'ping')).json<{
      id: string;
      cursor: string;
      createdAt: string;
    }>();
    for (const stream of [streamA, streamB]) {
      const event = await stream.next((e) => e.event === 'message');
      expect(event.data).toEqual({
        kind: 'message',
        conversationKey: key,
        messageId: message.id,
        senderId: a.id,
        cursor: message.cursor,
        createdAt: message.createdAt,
      });
      expect(event.id).toMatch(/^\d+$/);
    }

    await t.request({
      method: 'POST',
      url: `/api/conversations/key/${key}/read`,
      token: b.token,
      payload: { messageIds: [message.id] },
    });
    expect((await streamA.next((e) => e.event === 'read')).data).toEqual({
      kind: 'read',
      conversationKey: key,
      readerId: b.id,
      messageIds: [message.id],
      more: false,
    });

    await t.request({
      method: 'POST',
      url: `/api/conversations/messages/${message.id}/reactions`,
      token: b.token,
      payload: { emoji: '❤️' },
    });
    expect((await streamA.next((e) => e.event === 'reaction')).data).toEqual({
      kind: 'reaction',
      conversationKey: key,
      messageId: message.id,
      userId: b.id,
      emoji: '❤️',
      action: 'added',
    });

    await t.request({
      method: 'POST',
      url: `/api/conversations/${key}/typing`,
      token: a.token,
      payload: { userId: a.id, isTyping: true },
    });
    const typing = await streamB.next((e) => e.event === 'typing');
    expect(typing.id).toBeUndefined();
    expect(typing.data).toMatchObject({ kind: 'typing', userId: a.id, isTyping: true });
    // No further signal: the server ends it by itself after the TTL (100 ms in this suite).
    const stopped = await streamB.next((e) => e.event === 'typing');
    expect(stopped.data).toMatchObject({ userId: a.id, isTyping: false, expiresAt: null });

    // A marker for the outsider: once their own event arrives, anything of a and b would have too.
    await send(t, outsider, a, 'marker');
    const first = await streamOut.next((e) => e.event !== 'ping');
    expect((first.data as { senderId: string }).senderId).toBe(outsider.id);
    expect(streamOut.pending()).toEqual([]);
    for (const stream of [streamA, streamB, streamOut]) stream.close();
  });

  it('a reconnect with Last-Event-ID replays what was missed, in order, without repeats', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const stream = await openStream(t, baseUrl, b);
    await send(t, a, b, 'seen');
    const seen = await stream.next((e) => e.event === 'message');
    stream.close();

    const missed: string[] = [];
    for (const text of ['missed 1', 'missed 2', 'missed 3'])
      missed.push((await send(t, a, b, text)).json<{ id: string }>().id);

    const resumed = await openStream(t, baseUrl, b, seen.id);
    const replayed: SseEvent[] = [];
    for (let i = 0; i < 3; i++) replayed.push(await resumed.next((e) => e.event === 'message'));
    expect(replayed.map((e) => (e.data as { messageId: string }).messageId)).toEqual(missed);
    const ids = replayed.map((e) => Number(e.id));
    expect(ids.every((id, i) => id > (i === 0 ? Number(seen.id) : ids[i - 1]!))).toBe(true);

    // Live events continue on the resumed stream.
    const live = (await send(t, a, b, 'live')).json<{ id: string }>();
    expect(
      ((await resumed.next((e) => e.event === 'message')).data as { messageId: string }).messageId,
    ).toBe(live.id);
    expect(resumed.pending().filter((e) => e.event === 'message')).toEqual([]);
    resumed.close();
  });
});
