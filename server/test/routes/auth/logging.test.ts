import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../../../src/logger.ts';
import { readOutbox } from '../../../src/modules/mail/mailer.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, PASSWORD } from '../../support/fixtures.ts';

/** Everything the app logs, at the most verbose level, with the production logger settings. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  const options = loggerOptions({ logLevel: 'trace', env: 'test' });
  t = await build({ logger: { ...(options as object), stream } });
});
afterAll(() => t.close());

describe('logs', () => {
  it('carry request ids and never a password, token, reset link or OAuth code', async () => {
    const secrets: string[] = [PASSWORD];
    const person = await createPerson(t, { superAdmin: true });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
    });
    const refreshCookie = login.cookies.find((c) => c.name === 'canopy_refresh')?.value ?? '';
    secrets.push(login.json<{ token: string }>().token, refreshCookie);

    const refreshed = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
      cookies: { canopy_refresh: refreshCookie },
    });
    secrets.push(
      refreshed.json<{ token: string }>().token,
      refreshed.cookies.find((c) => c.name === 'canopy_refresh')?.value ?? '',
    );

    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email },
    });
    const mail = await vi.waitFor(
      async () => {
        const [first] = await readOutbox(join(t.config.dataDir, 'outbox'));
        if (!first) throw new Error('no mail yet');
        return first;
      },
      { timeout: 10_000, interval: 25 },
    );
    const token = /token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    const newPassword = 'Never-Logged-9';
    secrets.push(token, newPassword);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token, newPassword },
        })
      ).statusCode,
    ).toBe(200);

    // A refused password (validation) and OAuth parameters in a query string.
    await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'Refused-Token-Value', newPassword: 'weakpass' },
    });
    secrets.push('Refused-Token-Value', 'weakpass');
    await t.request({
      method: 'GET',
      url: '/api/auth/oidc/callback?code=Secret-Code-123&state=Secret-State-456',
    });
    secrets.push('Secret-Code-123', 'Secret-State-456');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('"reqId"');
    expect(log).toContain('/api/auth/reset-password');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(7);
      expect(log).not.toContain(secret);
    }
  });
});
