import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appTokenFor, call, rest, start } from './support/harness.ts';

let emulator: RunningEmulator;
let api: ReturnType<typeof rest>;
const knobs = (body: unknown) => call(`${emulator.url}/_emulator/admin/knobs`, { body });
beforeAll(async () => {
  emulator = await start({ rows: 1000 });
  api = rest(emulator, await appTokenFor(emulator));
});
beforeEach(async () => {
  await call(`${emulator.url}/_emulator/admin/knobs`, { method: 'DELETE' });
});
afterAll(() => emulator.close());

describe('fault-injection knobs', () => {
  it('throttles every Nth REST request with 429 and Retry-After', async () => {
    const set = await knobs({ throttle: { everyN: 2, retryAfterSeconds: 7 } });
    expect(set.body).toMatchObject({ throttle: { everyN: 2, retryAfterSeconds: 7 } });
    const first = await api('/groups');
    const second = await api('/groups');
    const third = await api('/groups');
    expect([first.status, second.status, third.status]).toEqual([200, 429, 200]);
    expect(second.headers.get('retry-after')).toBe('7');
    expect(second.body.error.code).toBe('TooManyRequests');
  });

  it('fails the next N requests with the chosen status and cloud body', async () => {
    await knobs({ failNext: 2, failStatus: 404 });
    const statuses = [
      (await api('/groups')).status,
      (await api('/groups')).status,
      (await api('/groups')).status,
    ];
    expect(statuses).toEqual([404, 404, 200]);
    await knobs({ failNext: 1, failStatus: 403 });
    const expired = await api('/groups');
    expect(expired.body.error.code).toBe('TokenExpired');
    await knobs({ failNext: 1, failStatus: 503, failCode: 'ServiceUnavailable' });
    expect((await api('/groups')).status).toBe(503);
  });

  it('fails all requests at failureRate 1 and none at 0', async () => {
    await knobs({ failureRate: 1 });
    const failed = await api('/groups');
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe('InternalServerError');
    await knobs({ failureRate: 0 });
    expect((await api('/groups')).status).toBe(200);
  });

  it('adds latency', async () => {
    await knobs({ latencyMs: 150 });
    const started = performance.now();
    await api('/groups');
    // A lower bound only: the request cannot finish before the injected delay.
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('acts only on the chosen areas: oauth can be throttled too', async () => {
    await knobs({ failNext: 1, areas: ['oauth'] });
    expect((await api('/groups')).status).toBe(200);
    const token = await call<Record<string, unknown>>(emulator.tokenUrl, {
      method: 'POST',
      rawBody: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'x',
        scope: 'a/.default',
      }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(token.status).toBe(500);
    expect(token.body.error).toBe('server_error');
  });

  it('validates knob values', async () => {
    expect((await knobs({ failureRate: 2 })).status).toBe(400);
    expect((await knobs({ throttle: { everyN: 0, retryAfterSeconds: 1 } })).status).toBe(400);
    expect((await knobs({ areas: ['everything'] })).status).toBe(400);
    const unknown = await knobs({ chaos: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/Unknown knob/);
    expect((await call(`${emulator.url}/_emulator/admin/knobs`)).body).toMatchObject({
      failureRate: 0,
      throttle: null,
    });
  });

  it('reads initial knobs from options (the CLI maps CANOPY_EMULATOR_* env to them)', async () => {
    const slow = await start({
      rows: 100,
      knobs: { throttle: { everyN: 1, retryAfterSeconds: 3 } },
    });
    try {
      const response = await rest(slow, slow.appToken())('/groups');
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('3');
    } finally {
      await slow.close();
    }
  });
});
