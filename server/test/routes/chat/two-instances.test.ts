import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import app from '../../../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../../../src/db/create-database.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, type Cast, type TestPerson } from '../../support/fixtures.ts';
import { keyOf, openStream, send, type SseEvent, type SseReader } from './chat-support.ts';

/**
 * Two server instances on one database: a message sent through one reaches an event stream held
 * by the other. Under PostgreSQL each instance has its own pool and its own LISTEN connection, so
 * the only path between them is NOTIFY; under PGlite they share the in-process database.
 */
let t: TestApp;
let cast: Cast;
let second: FastifyInstance;
let secondDatabase: DatabaseHandle;
let secondUrl: string;
let firstUrl: string;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
  firstUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  secondDatabase =
    t.database.backend === 'postgres'
      ? await createDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 3 })
      : t.database;
  second = Fastify({ logger: false });
  await second.register(app, { config: t.config, database: secondDatabase, rateLimitPerMinute: 0 });
  secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await second.close();
  if (secondDatabase !== t.database) await secondDatabase.close();
  await t.close();
});

it('a message sent through one instance reaches an SSE client of the other', async () => {
  const a = await createPerson(t, { tenantId: cast.tenantA.id });
  const b = await createPerson(t, { tenantId: cast.tenantA.id });
  // The ticket is issued by the first instance and spent at the second: tickets live in the database.
  const stream = await openStream(t, secondUrl, b);
  // b's widget on the second instance polls once with nothing new: that instance now knows
  // where the conversation ends, and only notifications can tell it about later messages.
  const opening = (await send(t, b, a, 'opening')).json<{ createdAt: string }>();
  const poll = (since: string) =>
    fetch(`${secondUrl}/api/messages/${keyOf(a, b)}?since=${encodeURIComponent(since)}`, {
      headers: { authorization: `Bearer ${b.token}` },
    }).then((res) => res.json() as Promise<{ id: string }[]>);
  expect(await poll(opening.createdAt)).toEqual([]);
  await stream.next((e) => e.event === 'message');
  expect(await poll(opening.createdAt)).toEqual([]);
  const sent = [];
  for (const text of ['one', 'two', 'three'])
    sent.push((await send(t, a, b, text)).json<{ id: string }>().id);
  const received = [];
  for (let i = 0; i < sent.length; i++) {
    const event = await stream.next((e) => e.event === 'message');
    expect(event.data).toMatchObject({ conversationKey: keyOf(a, b), senderId: a.id });
    received.push((event.data as { messageId: string }).messageId);
  }
  expect(received).toEqual(sent);
  // The second instance's no-news shortcut moved with the notifications: nothing is hidden.
  expect((await poll(opening.createdAt)).map((m) => m.id)).toEqual(sent);

  // Typing (never stored) crosses instances too.
  await t.request({
    method: 'POST',
    url: `/api/conversations/${keyOf(a, b)}/typing`,
    token: a.token,
    payload: { userId: a.id, isTyping: true },
  });
  expect((await stream.next((e) => e.event === 'typing')).data).toMatchObject({
    userId: a.id,
    isTyping: true,
  });
  stream.close();
});

it('concurrent sends through both instances reach streams on both, each once and in one order', async () => {
  const her = await createPerson(t, { tenantId: cast.tenantA.id });
  const x = await createPerson(t, { tenantId: cast.tenantA.id });
  const y = await createPerson(t, { tenantId: cast.tenantA.id });
  const streams = [await openStream(t, firstUrl, her), await openStream(t, secondUrl, her)];
  const viaSecond = (from: TestPerson, to: TestPerson, text: string) =>
    fetch(`${secondUrl}/api/messages/${keyOf(from, to)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: text }),
    }).then(async (res) => {
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    });
  const ids = (
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? send(t, x, her, `x ${i}`).then((res) => res.json<{ id: string }>().id)
          : viaSecond(y, her, `y ${i}`),
      ),
    )
  ).sort();
  const orders: string[][] = [];
  for (const stream of streams) {
    const events: SseEvent[] = [];
    while (events.length < ids.length)
      events.push(await stream.next((e) => e.event === 'message' || e.event === 'resync'));
    expect(events.map((e) => e.event).filter((kind) => kind !== 'message')).toEqual([]);
    const numbers = events.map((e) => Number(e.id));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    orders.push(events.map((e) => (e.data as { messageId: string }).messageId));
    stream.close();
  }
  expect([...orders[0]!].sort()).toEqual(ids);
  expect(orders[1]).toEqual(orders[0]);
});

it('a person holds at most ten streams across both instances: the oldest end', async () => {
  const a = await createPerson(t, { tenantId: cast.tenantA.id });
  const b = await createPerson(t, { tenantId: cast.tenantA.id });
  const streams: SseReader[] = [];
  for (let i = 0; i < 12; i++) streams.push(await openStream(t, i < 6 ? firstUrl : secondUrl, b));
  for (const oldest of streams.slice(0, 2)) {
    expect(await oldest.next((e) => e.event === 'ended')).toMatchObject({
      data: { reason: 'superseded' },
    });
    await oldest.closed();
  }
  const sent = (await send(t, a, b, 'to the ten')).json<{ id: string }>();
  for (const stream of streams.slice(2)) {
    expect(
      ((await stream.next((e) => e.event === 'message')).data as { messageId: string }).messageId,
    ).toBe(sent.id);
    stream.close();
  }
});
