import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, type Cast, type TestPerson } from '../../support/fixtures.ts';
import { openStream, send, type SseEvent, type SseReader } from './chat-support.ts';

/**
 * Concurrent transactions that commit out of the order they started in: every open stream of a
 * participant gets every change exactly once, numbered 1, 2, 3… in its own list, in commit order,
 * with no `resync`; a reconnect from any id replays exactly the rest. Under PostgreSQL the sends
 * really overlap (a pool of connections); under PGlite they take turns on its one connection.
 */
let t: TestApp;
let cast: Cast;
let baseUrl: string;
beforeAll(async () => {
  // The periodic session check is off: only an announced session change can end a stream here.
  t = await build({ chat: { sessionCheckMs: 600_000 } });
  cast = await createCast(t);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Data = { messageId: string; action?: string };

/** Reads `count` stored events (anything with an id) and every `resync` seen on the way. */
async function take(stream: SseReader, count: number): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  while (events.filter((e) => e.id !== undefined).length < count)
    events.push(await stream.next((e) => e.id !== undefined || e.event === 'resync'));
  return events;
}

/** Numbers are consecutive from the first one: nothing skipped, nothing twice. */
function expectConsecutive(events: SseEvent[]) {
  const ids = events.map((e) => Number(e.id));
  expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
}

describe('event order under concurrent commits', () => {
  it('three busy conversations into one person: each of her streams gets all 300, once, in order', async () => {
    const her = await createPerson(t, { tenantId: cast.tenantA.id });
    const senders: TestPerson[] = [];
    for (let i = 0; i < 3; i++) senders.push(await createPerson(t, { tenantId: cast.tenantA.id }));
    const streams = [await openStream(t, baseUrl, her), await openStream(t, baseUrl, her)];
    const PER_SENDER = 100;

    const sent = await Promise.all(
      senders.map(async (sender, s) => {
        const ids: string[] = [];
        // Ten at a time per conversation, three conversations at once: commits interleave.
        for (let batch = 0; batch < PER_SENDER / 10; batch++) {
          const answers = await Promise.all(
            Array.from({ length: 10 }, (_, i) => send(t, sender, her, `m ${s}.${batch}.${i}`)),
          );
          for (const answer of answers) {
            expect(answer.statusCode).toBe(201);
            ids.push(answer.json<{ id: string }>().id);
          }
        }
        return ids;
      }),
    );
    const all = sent.flat();

    const received: SseEvent[][] = [];
    for (const stream of streams) {
      const events = await take(stream, all.length);
      expect(events.filter((e) => e.event === 'resync')).toEqual([]);
      expect(events.every((e) => e.event === 'message')).toBe(true);
      expectConsecutive(events);
      expect(events.map((e) => (e.data as Data).messageId).sort()).toEqual([...all].sort());
      received.push(events);
    }
    // Both streams agree on the order (it is hers, decided at commit), and within each
    // conversation it is the order the messages were stored in.
    expect(received[1]!.map((e) => e.id)).toEqual(received[0]!.map((e) => e.id));
    const order = received[0]!.map((e) => (e.data as Data).messageId);
    for (const [s, sender] of senders.entries()) {
      const stored = await t.database.db
        .selectFrom('messages')
        .select('id')
        .where('sender_id', '=', sender.id)
        .orderBy('seq')
        .execute();
      expect(order.filter((id) => sent[s]!.includes(id))).toEqual(stored.map((r) => r.id));
    }

    // Reconnecting from the latest id brings nothing more; from an earlier one, exactly the rest.
    const latest = received[0]!.at(-1)!.id!;
    const fromLatest = await openStream(t, baseUrl, her, latest);
    const marker = (await send(t, senders[0]!, her, 'marker')).json<{ id: string }>().id;
    const next = await fromLatest.next((e) => e.id !== undefined || e.event === 'resync');
    expect(next).toMatchObject({ event: 'message', id: String(Number(latest) + 1) });
    expect((next.data as Data).messageId).toBe(marker);

    const middle = received[0]![149]!;
    const fromMiddle = await openStream(t, baseUrl, her, middle.id);
    const rest = await take(fromMiddle, 151);
    expect(rest.map((e) => (e.data as Data).messageId)).toEqual([...order.slice(150), marker]);
    expectConsecutive(rest);
    for (const stream of [...streams, fromLatest, fromMiddle]) stream.close();
  });

  it('50 simultaneous toggles of one reaction: a real sequence of states, each with its event', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const message = (await send(t, a, b, 'react to me')).json<{ id: string }>();
    const streamA = await openStream(t, baseUrl, a);
    const streamB = await openStream(t, baseUrl, b);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request({
          method: 'POST',
          url: `/api/conversations/messages/${message.id}/reactions`,
          token: b.token,
          payload: { emoji: '👍' },
        }),
      ),
    );
    const actions = answers.map((answer) => {
      expect(answer.statusCode).toBe(200);
      return answer.json<{ action: 'added' | 'removed' }>().action;
    });
    const stored = await t.database.db
      .selectFrom('message_reactions')
      .select('emoji')
      .where('message_id', '=', message.id)
      .execute();
    const added = actions.filter((action) => action === 'added').length;
    expect(added - (actions.length - added)).toBe(stored.length);
    expect(added).toBe(25);

    for (const stream of [streamA, streamB]) {
      const events = await take(stream, 50);
      expect(events.filter((e) => e.event === 'resync')).toEqual([]);
      expectConsecutive(events);
      // In commit order the states alternate: added, removed, added… as they really happened.
      expect(events.map((e) => (e.data as Data).action)).toEqual(
        actions.map((_, i) => (i % 2 === 0 ? 'added' : 'removed')),
      );
    }
    streamA.close();
    streamB.close();
  });
});

describe('streams per person', () => {
  it('an eleventh stream ends the oldest with `ended: superseded`; the newest ten stay live', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const streams: SseReader[] = [];
    for (let i = 0; i < 12; i++) streams.push(await openStream(t, baseUrl, b));
    for (const oldest of streams.slice(0, 2)) {
      expect(await oldest.next((e) => e.event === 'ended')).toMatchObject({
        data: { reason: 'superseded' },
      });
      await oldest.closed();
    }
    const sent = (await send(t, a, b, 'to the ten')).json<{ id: string }>();
    for (const stream of streams.slice(2)) {
      const event = await stream.next((e) => e.event === 'message');
      expect((event.data as Data).messageId).toBe(sent.id);
      stream.close();
    }
  });
});

describe('streams and sessions', () => {
  it('a sign-out ends the stream of that session at once; other sessions keep theirs', async () => {
    const a = await createPerson(t, { tenantId: cast.tenantA.id });
    const b = await createPerson(t, { tenantId: cast.tenantA.id });
    const leaving = await openStream(t, baseUrl, b);
    const staying = await openStream(t, baseUrl, a);
    const logout = await t.request({ method: 'POST', url: '/api/auth/logout', token: b.token });
    expect(logout.statusCode).toBeLessThan(300);
    await leaving.closed();
    const sent = (await send(t, cast.adminA, a, 'still here')).json<{ id: string }>();
    const event = await staying.next((e) => e.event === 'message');
    expect((event.data as Data).messageId).toBe(sent.id);
    staying.close();
  });
});
