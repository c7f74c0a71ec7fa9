import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMIT } from '../../../src/routes/api/auth/index.ts';
import { build, type TestApp } from '../../helper.ts';

let guess = 0;
/**
 * A valid body for each auth route that takes one, so the limit, not validation, answers. Each
 * sign-in names another address: five guesses at one would lock it first (login.test.ts).
 */
const BODIES: Record<string, () => unknown> = {
  'POST /api/auth/login': () => ({ email: `nobody-${++guess}@example.com`, password: 'Wrong-1a' }),
  'POST /api/auth/forgot-password': () => ({ email: 'nobody@example.com' }),
  'POST /api/auth/reset-password': () => ({ token: 'x'.repeat(43), newPassword: 'Valid-Pass-1' }),
  'POST /api/auth/oidc/exchange': () => ({ token: 'x'.repeat(43) }),
};

let t: TestApp;
beforeAll(async () => {
  // The global limit is off here (the helper's default): the auth limit must hold on its own.
  t = await build();
});
afterAll(() => t.close());

const call = (app: TestApp, method: string, url: string, remoteAddress: string) =>
  app.request({
    method: method as 'POST',
    url,
    remoteAddress,
    ...(BODIES[`${method} ${url}`] ? { payload: BODIES[`${method} ${url}`]?.() as object } : {}),
  });

describe('per-address limit on the auth routes', () => {
  it('covers every auth route, with the global limit off', async () => {
    const authRoutes = t.routes.filter((r) => r.url.startsWith('/api/auth/'));
    expect(authRoutes.length).toBeGreaterThanOrEqual(9);
    let n = 0;
    for (const { method, url } of authRoutes) {
      const address = `10.3.0.${++n}`;
      for (let i = 0; i < AUTH_RATE_LIMIT.max; i++) {
        const res = await call(t, method, url, address);
        expect(res.statusCode, `${method} ${url} #${i + 1}`).not.toBe(429);
      }
      const limited = await call(t, method, url, address);
      expect(limited.statusCode, `${method} ${url}`).toBe(429);
      expect(limited.json()).toEqual({
        error: 'Too many requests. Try again later.',
        code: 'RATE_LIMITED',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await call(t, method, url, `10.3.1.${n}`)).statusCode).not.toBe(429);
    }
  });

  it('leaves other routes alone when the global limit is off', async () => {
    for (let i = 0; i < AUTH_RATE_LIMIT.max + 5; i++) {
      const res = await t.request({ method: 'GET', url: '/api/health', remoteAddress: '10.3.2.1' });
      expect(res.statusCode).not.toBe(429);
    }
  });

  it('stays at its own lower ceiling when the global limit is on', async () => {
    const withGlobal = await build({ rateLimitPerMinute: 1000 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= AUTH_RATE_LIMIT.max; i++) {
        statuses.push((await call(withGlobal, 'POST', '/api/auth/refresh', '10.3.3.1')).statusCode);
      }
      // No cookie: 204 (nobody signed in) until the limit.
      expect(statuses.slice(0, -1).every((s) => s === 204)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await withGlobal.close();
    }
  });
});
