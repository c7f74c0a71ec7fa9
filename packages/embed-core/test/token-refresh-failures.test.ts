import { describe, expect, it, vi } from 'vitest';
import {
  autoRefreshToken,
  EmbedError,
  EmbedErrorCode,
  type Embed,
  type TokenRefreshErrorInfo,
} from '../src/index.ts';
import { defaultApp } from './support/fake-frame.ts';
import { jwt, MIN, T0, useTokenRefreshFixture } from './support/token-refresh-fixture.ts';

describe('autoRefreshToken: failures and bad arguments', () => {
  const f = useTokenRefreshFixture();

  it('should retry a failing provider with backoff, report each failure, and give up after maxRetries', async () => {
    const report = await f.embed('report', jwt(T0 + 10 * MIN));
    const getToken = vi.fn((): Promise<string> =>
      Promise.reject(new Error('identity provider down')),
    );
    const failures: Array<[EmbedError, TokenRefreshErrorInfo]> = [];
    autoRefreshToken(report, { getToken, onError: (e, info) => failures.push([e, info]) });

    await f.at(8 * MIN);
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(failures[0]?.[0]).toBeInstanceOf(EmbedError);
    expect(failures[0]?.[0].code).toBe(EmbedErrorCode.TokenRefreshFailed);
    expect(failures[0]?.[0].message).toBe(
      'Token refresh failed (attempt 1): identity provider down',
    );
    expect((failures[0]?.[0].cause as Error).message).toBe('identity provider down');
    expect(failures[0]?.[1]).toEqual({ attempt: 1, willRetry: true });

    await f.at(8 * MIN + 4_999);
    expect(getToken).toHaveBeenCalledTimes(1);
    await f.at(8 * MIN + 5_000); // +5 s
    expect(getToken).toHaveBeenCalledTimes(2);
    await f.at(8 * MIN + 14_999);
    expect(getToken).toHaveBeenCalledTimes(2);
    await f.at(8 * MIN + 15_000); // +10 s
    expect(getToken).toHaveBeenCalledTimes(3);
    await f.at(8 * MIN + 34_999);
    expect(getToken).toHaveBeenCalledTimes(3);
    await f.at(8 * MIN + 35_000); // +20 s
    expect(getToken).toHaveBeenCalledTimes(4);
    expect(failures.map(([, info]) => info)).toEqual([
      { attempt: 1, willRetry: true },
      { attempt: 2, willRetry: true },
      { attempt: 3, willRetry: true },
      { attempt: 4, willRetry: false },
    ]);
    await vi.advanceTimersByTimeAsync(24 * 60 * MIN);
    expect(getToken).toHaveBeenCalledTimes(4);
    expect(f.tokenPosts()).toHaveLength(0);
    expect(report.config.accessToken).toBe(jwt(T0 + 10 * MIN));

    // After giving up, the frame's TokenExpired starts a new round, which can succeed.
    getToken.mockImplementation(() => Promise.resolve(jwt(Date.now() + 60 * MIN)));
    f.postError(report, 'report', { errorCode: 'TokenExpired' });
    await vi.advanceTimersByTimeAsync(5);
    expect(getToken).toHaveBeenCalledTimes(5);
    expect(f.tokenPosts()).toHaveLength(1);
  });

  it('should report a frame that refuses the token and keep the old one', async () => {
    f.harness.app = (request, frame) =>
      request.url === '/report/token'
        ? { statusCode: 403, body: { message: 'PowerBINotAuthorizedException' } }
        : defaultApp(request, frame);
    const report = await f.embed('report', jwt(T0 + 10 * MIN));
    const failures: EmbedError[] = [];
    autoRefreshToken(report, {
      getToken: () => jwt(Date.now() + 60 * MIN),
      maxRetries: 1,
      onError: (e) => failures.push(e),
    });
    await f.at(8 * MIN + 50);
    expect(f.tokenPosts()).toHaveLength(1);
    expect(failures[0]?.message).toBe(
      'Token refresh failed (attempt 1): PowerBINotAuthorizedException',
    );
    expect(failures[0]?.cause).toEqual({ message: 'PowerBINotAuthorizedException' });
    expect(report.config.accessToken).toBe(jwt(T0 + 10 * MIN));
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(f.tokenPosts()).toHaveLength(2); // one retry, then it gives up
  });

  it.each([[''], [null], [{}], [{ token: 42 }], [{ expiration: '2030-01-01' }]])(
    'should treat the provider answer %j as a failure',
    async (answer) => {
      const report = await f.embed('report', 'opaque');
      const failures: EmbedError[] = [];
      autoRefreshToken(report, {
        getToken: () => answer as never,
        onError: (e) => failures.push(e),
      });
      await f.at(30_100);
      expect(failures[0]?.message).toMatch(/getToken\(\) returned no token/);
      expect(f.tokenPosts()).toHaveLength(0);
    },
  );

  it('should time out a provider that never answers and retry', async () => {
    const report = await f.embed('report', jwt(T0 + 10 * MIN));
    const getToken = vi.fn(() => new Promise<string>(() => undefined));
    const failures: EmbedError[] = [];
    autoRefreshToken(report, {
      getToken,
      attemptTimeoutMs: 15_000,
      onError: (e) => failures.push(e),
    });
    await f.at(8 * MIN + 15_000 - 1);
    expect(failures).toHaveLength(0);
    await f.at(8 * MIN + 15_000);
    expect(failures[0]?.message).toBe(
      'Token refresh failed (attempt 1): The attempt took longer than 15000 ms.',
    );
    await f.at(8 * MIN + 20_000);
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it('should send failures to the Service onError by default', async () => {
    const report = await f.embed('report', jwt(T0 + 10 * MIN));
    autoRefreshToken(report, { getToken: () => Promise.reject(new Error('nope')), maxRetries: 0 });
    await vi.advanceTimersByTimeAsync(8 * MIN);
    expect(f.serviceErrors).toHaveLength(1);
    expect((f.serviceErrors[0] as EmbedError).code).toBe(EmbedErrorCode.TokenRefreshFailed);
  });

  it('should reject bad arguments with InvalidArgument', async () => {
    const report = await f.embed('report', 'opaque');
    const cases: Array<[unknown, unknown, RegExp]> = [
      [undefined, { getToken: () => 't' }, /first argument must be an embedded component/],
      [report, undefined, /getToken must be a function/],
      [report, { getToken: 'token' }, /getToken must be a function/],
      [report, { getToken: () => 't', minDelayMs: -1 }, /minDelayMs must be a non-negative number/],
      [report, { getToken: () => 't', refreshBeforeMs: Number.NaN }, /refreshBeforeMs/],
      [report, { getToken: () => 't', expiresAt: 'tomorrow' }, /expiresAt must be a Date/],
    ];
    for (const [target, options, message] of cases) {
      let thrown: unknown;
      try {
        autoRefreshToken(target as Embed<object>, options as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(EmbedError);
      expect((thrown as EmbedError).code).toBe(EmbedErrorCode.InvalidArgument);
      expect((thrown as EmbedError).message).toMatch(message);
    }
    expect(vi.getTimerCount()).toBe(0);
  });
});
