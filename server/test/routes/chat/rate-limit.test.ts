import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createCast, type Cast } from '../../support/fixtures.ts';
import { keyOf } from './chat-support.ts';

/** The 3-second poll of every open widget behind one office address must not hit the global limit. */
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build({ rateLimitPerMinute: 5 });
  cast = await createCast(t);
});
afterAll(() => t.close());

it('exempts the poll from the per-address limit, which still applies to the other chat routes', async () => {
  const key = keyOf(cast.adminA, cast.viewerA);
  for (let i = 0; i < 20; i++) {
    const res = await t.request({
      method: 'GET',
      url: `/api/messages/${key}`,
      token: cast.viewerA.token,
    });
    expect(res.statusCode).toBe(200);
  }
  const typing = [];
  for (let i = 0; i < 10; i++) {
    typing.push(
      (
        await t.request({
          method: 'POST',
          url: `/api/conversations/${key}/typing`,
          token: cast.viewerA.token,
          payload: { userId: cast.viewerA.id, isTyping: true },
        })
      ).statusCode,
    );
  }
  expect(typing).toContain(429);
});
