import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { countingInstance } from '../../support/counting-instance.ts';
import { createPerson, createTenant } from '../../support/fixtures.ts';
import { keyOf, send } from './chat-support.ts';

/**
 * The widget polls every open conversation every 3 seconds, nearly always for nothing: such a poll
 * must not touch the database. A second instance on the same database counts every statement it
 * sends (a Kysely plugin sees raw SQL too); messages are sent through the first one, so only
 * notifications can tell the second that a conversation moved on.
 */
let t: TestApp;
let counted: FastifyInstance;
let count: () => number;
beforeAll(async () => {
  t = await build();
  ({ app: counted, statements: count } = await countingInstance(t));
});
afterAll(async () => {
  await counted.close();
  await t.close();
});

it('a no-news poll answers from memory: no statement at all, the same answer as the database', async () => {
  const tenant = await createTenant(t);
  const a = await createPerson(t, { tenantId: tenant.id });
  const b = await createPerson(t, { tenantId: tenant.id });
  const first = (await send(t, a, b, 'hello')).json<{ id: string; createdAt: string }>();
  const poll = (since: string) =>
    counted.inject({
      method: 'GET',
      url: `/api/messages/${keyOf(a, b)}?since=${encodeURIComponent(since)}`,
      headers: { authorization: `Bearer ${b.token}` },
    });

  // The first polls read the database (the session, where the conversation ends); a read that
  // overlapped a notification is not remembered, so poll until one sends nothing.
  let before = -1;
  for (let i = 0; i < 20 && before !== count(); i++) {
    before = count();
    expect((await poll(first.createdAt)).json()).toEqual([]);
  }
  expect(before).toBe(count());
  expect(count()).toBeGreaterThan(0); // the counter does see this instance's statements

  for (let i = 0; i < 5; i++) {
    const res = await poll(first.createdAt);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    // The same headers the database path gives: the cursor stays where the caller is.
    expect(res.headers['x-next-cursor']).toBe(first.createdAt);
    expect(res.headers['x-has-more']).toBe('false');
  }
  expect(count()).toBe(before);

  // Someone else is never answered from b's conversation, from memory or not.
  const outsider = await createPerson(t, { tenantId: tenant.id });
  const refused = await counted.inject({
    method: 'GET',
    url: `/api/messages/${keyOf(a, b)}?since=${encodeURIComponent(first.createdAt)}`,
    headers: { authorization: `Bearer ${outsider.token}` },
  });
  expect(refused.statusCode).toBe(404);

  // A message sent through the other instance moves the remembered end: the next polls find it.
  const next = (await send(t, a, b, 'news')).json<{ id: string }>();
  for (let i = 0; ; i++) {
    const ids = (await poll(first.createdAt)).json<{ id: string }[]>().map((m) => m.id);
    if (ids.length > 0) {
      expect(ids).toEqual([next.id]);
      break;
    }
    if (i >= 200) throw new Error('the new message never reached the polling instance');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
});
