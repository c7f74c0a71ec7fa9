import { describe, expect, it, vi } from 'vitest';
import { autoRefreshToken, EmbedErrorCode, type EmbedError } from '../src/index.ts';
import {
  CONFIGS,
  HOST,
  jwt,
  MIN,
  T0,
  useTokenRefreshFixture,
} from './support/token-refresh-fixture.ts';

describe('autoRefreshToken: scheduling, events and lifecycle', () => {
  const f = useTokenRefreshFixture();

  it('should refresh a report 2 minutes before the JWT expires, and again for the next token', async () => {
    const report = await f.embed('report', jwt(T0 + 60 * MIN));
    const issued: string[] = [];
    const getToken = vi.fn(() => {
      const token = jwt(Date.now() + 60 * MIN, { n: issued.length });
      issued.push(token);
      return token;
    });
    autoRefreshToken(report, { getToken });

    await f.at(58 * MIN - 1);
    expect(getToken).not.toHaveBeenCalled();
    await f.at(58 * MIN + 50);
    expect(getToken).toHaveBeenCalledTimes(1);
    const [first] = f.tokenPosts();
    expect(first?.message).toMatchObject({
      method: 'POST',
      url: '/report/token',
      body: issued[0],
      headers: { uid: report.config.uniqueId },
    });
    expect(first?.targetOrigin).toBe(HOST);
    expect(report.config.accessToken).toBe(issued[0]);
    expect(f.container.getAttribute('powerbi-access-token')).toBe(issued[0]);
    expect(f.service.accessToken).toBe(issued[0]);

    // The next token lives 60 minutes from the first refresh: refreshed again 58 minutes later.
    await f.at(116 * MIN - 1);
    expect(getToken).toHaveBeenCalledTimes(1);
    await f.at(116 * MIN + 50);
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(f.tokenPosts().map((p) => p.message.body)).toEqual(issued);
  });

  it.each([
    [
      'dashboard',
      (exp: number) => ({ token: 'opaque-d', expiration: new Date(exp).toISOString() }),
    ],
    ['tile', (exp: number) => ({ token: 'opaque-t', expiresAt: exp })],
    ['qna', (exp: number) => ({ accessToken: 'opaque-q', expiresOn: new Date(exp) })],
    ['report', (exp: number) => ({ token: 'opaque-r', expiration: Math.floor(exp / 1000) })],
  ] as const)(
    'should post %s tokens to the right URL and schedule from the returned expiration',
    async (kind, make) => {
      const component = await f.embed(kind, 'opaque-initial');
      const getToken = vi.fn(() => make(Date.now() + 30 * MIN));
      // An opaque initial token: its expiry comes from the option.
      autoRefreshToken(component, { getToken, expiresAt: new Date(T0 + 20 * MIN) });

      await f.at(18 * MIN - 1);
      expect(f.tokenPosts()).toHaveLength(0);
      await f.at(18 * MIN + 50);
      expect(f.tokenPosts().map((p) => p.message.url)).toEqual([CONFIGS[kind].tokenUrl]);
      expect(component.config.accessToken).toBe(`opaque-${kind[0]}`);

      // 30-minute token → next refresh 28 minutes later.
      await f.at(46 * MIN - 1_000);
      expect(f.tokenPosts()).toHaveLength(1);
      await f.at(46 * MIN + 50);
      expect(f.tokenPosts()).toHaveLength(2);
    },
  );

  it('should fall back to refreshIntervalMs for opaque tokens', async () => {
    const report = await f.embed('report', 'opaque');
    const getToken = vi.fn(() => 'still-opaque');
    autoRefreshToken(report, { getToken, refreshIntervalMs: 10 * MIN });
    await f.at(10 * MIN);
    expect(getToken).toHaveBeenCalledTimes(0);
    await f.at(10 * MIN + 50);
    expect(getToken).toHaveBeenCalledTimes(1);
    await f.at(20 * MIN);
    expect(getToken).toHaveBeenCalledTimes(1);
    await f.at(20 * MIN + 100);
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(f.tokenPosts().map((p) => p.message.body)).toEqual(['still-opaque', 'still-opaque']);
  });

  it('should refresh once after minDelayMs when no expiry is known, then report that it cannot schedule', async () => {
    const report = await f.embed('report', 'opaque');
    const getToken = vi.fn(() => 'opaque-2');
    const errors: EmbedError[] = [];
    autoRefreshToken(report, { getToken, onError: (e) => errors.push(e) });
    await f.at(30_000);
    expect(getToken).not.toHaveBeenCalled();
    await f.at(30_100);
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(report.config.accessToken).toBe('opaque-2');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe(EmbedErrorCode.TokenRefreshFailed);
    expect(errors[0]?.message).toMatch(/expiry is unknown/);
    await vi.advanceTimersByTimeAsync(24 * 60 * MIN);
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('should never loop tightly when the provider returns an almost expired token', async () => {
    const report = await f.embed('report', jwt(T0 + 60 * MIN));
    const getToken = vi.fn(() => jwt(Date.now() + 10_000)); // already inside the 2-minute window
    autoRefreshToken(report, { getToken, minDelayMs: 20_000 });
    await f.at(58 * MIN + 50);
    expect(getToken).toHaveBeenCalledTimes(1);
    await f.at(59 * MIN + 50);
    // One attempt per 20 s at most: 58:00, 58:20, 58:40, 59:00.
    expect(getToken).toHaveBeenCalledTimes(4);
  });

  it('should handle expiries beyond the setTimeout range (~24.8 days) without firing early', async () => {
    const report = await f.embed('report', jwt(T0 + 60 * 24 * 60 * MIN));
    const getToken = vi.fn(() => jwt(Date.now() + 60 * MIN));
    autoRefreshToken(report, { getToken });
    await f.at(60 * 24 * 60 * MIN - 2 * MIN - 1);
    expect(getToken).not.toHaveBeenCalled();
    await f.at(60 * 24 * 60 * MIN - 2 * MIN + 50);
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('should refresh immediately on a TokenExpired error event, and not again within minDelayMs', async () => {
    const report = await f.embed('report', jwt(T0 + 60 * MIN));
    const getToken = vi.fn(() => jwt(Date.now() + 60 * MIN));
    autoRefreshToken(report, { getToken });

    f.postError(report, 'report', { message: 'LoadReportFailed', errorCode: '500' });
    await vi.advanceTimersByTimeAsync(0);
    expect(getToken).not.toHaveBeenCalled();

    f.postError(report, 'report', { message: 'TokenExpired', errorCode: 'TokenExpired' });
    await vi.advanceTimersByTimeAsync(0);
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5);
    expect(f.tokenPosts()).toHaveLength(1);

    // A second report of the same expiry right after the refresh waits for minDelayMs (30 s).
    const firstAttempt = Date.now() - T0 - 5;
    await f.at(firstAttempt + 1_000);
    f.postError(report, 'report', { message: 'TokenExpired' });
    await f.at(firstAttempt + 30_000 - 1);
    expect(getToken).toHaveBeenCalledTimes(1);
    await f.at(firstAttempt + 30_000 + 50);
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it.each(['dashboard', 'tile', 'qna'] as const)(
    'should react to TokenExpired on a %s',
    async (kind) => {
      const component = await f.embed(kind, 'opaque');
      const getToken = vi.fn(() => ({ token: 'fresh', expiration: Date.now() + 60 * MIN }));
      autoRefreshToken(component, { getToken, refreshIntervalMs: 50 * MIN });
      f.postError(component, kind, { errorCode: 'TokenExpired' });
      await vi.advanceTimersByTimeAsync(5);
      expect(f.tokenPosts().map((p) => p.message.url)).toEqual([CONFIGS[kind].tokenUrl]);
    },
  );

  it('should share one attempt between concurrent refresh() calls', async () => {
    const report = await f.embed('report', jwt(T0 + 60 * MIN));
    let resolve: (token: string) => void = () => undefined;
    const getToken = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const stop = autoRefreshToken(report, { getToken });
    const a = stop.refresh();
    const b = stop.refresh();
    f.postError(report, 'report', { errorCode: 'TokenExpired' });
    expect(getToken).toHaveBeenCalledTimes(1);
    resolve(jwt(Date.now() + 60 * MIN));
    await vi.advanceTimersByTimeAsync(5);
    await expect(Promise.all([a, b])).resolves.toEqual([true, true]);
    expect(f.tokenPosts()).toHaveLength(1);
  });

  it('should stop: no timer, no TokenExpired reaction, no late setAccessToken', async () => {
    const report = await f.embed('report', jwt(T0 + 10 * MIN));
    let resolve: (token: string) => void = () => undefined;
    const getToken = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const stop = autoRefreshToken(report, { getToken });
    await vi.advanceTimersByTimeAsync(8 * MIN);
    expect(getToken).toHaveBeenCalledTimes(1);
    stop();
    resolve(jwt(Date.now() + 60 * MIN)); // arrives after stop: must not be sent
    f.postError(report, 'report', { errorCode: 'TokenExpired' });
    await vi.advanceTimersByTimeAsync(24 * 60 * MIN);
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(f.tokenPosts()).toHaveLength(0);
    await expect(stop.refresh()).resolves.toBe(false);
    stop(); // idempotent
  });

  it('should stop when the f.service resets the embed', async () => {
    const report = await f.embed('report', jwt(T0 + 10 * MIN));
    const getToken = vi.fn(() => jwt(Date.now() + 60 * MIN));
    const added = vi.spyOn(f.container, 'addEventListener');
    const removed = vi.spyOn(f.container, 'removeEventListener');
    autoRefreshToken(report, { getToken });
    const listener = added.mock.calls.find(([type]) => type === 'error')?.[1];
    expect(listener).toBeTypeOf('function');
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    f.service.reset(f.container);
    expect(removed).toHaveBeenCalledWith('error', listener);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(24 * 60 * MIN);
    expect(getToken).not.toHaveBeenCalled();
  });
});
