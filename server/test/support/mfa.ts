import { expect } from 'vitest';
import { base32Decode, hotp, totpStep } from '../../src/modules/auth/mfa/totp.ts';
import type { TestApp } from '../helper.ts';

/**
 * The code an authenticator app shows for `secret`, `offset` steps from now. Each code works once
 * and only later steps after it, so a test uses -1, then 0, then +1 for one person.
 */
export const appCode = (secret: string, offset = 0) =>
  hotp(base32Decode(secret), totpStep(Date.now()) + offset);

/** Sets up an authenticator app for the token's person (its code one step back is spent). */
export async function enrolTotp(t: TestApp, token: string) {
  const started = await t.request({ method: 'POST', url: '/api/account/mfa/totp', token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/account/mfa/totp/confirm',
    token,
    payload: { code: appCode(secret, -1) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  return { secret, recoveryCodes };
}

/**
 * A passkey row as registration stores it, with a key no authenticator holds: a factor for the
 * rules that only count factors (routes/account/mfa-passkeys.test.ts registers real ones).
 */
export async function storedPasskey(t: TestApp, userId: string, name = 'Stored key') {
  const row = await t.database.db
    .insertInto('mfa_passkeys')
    .values({
      user_id: userId,
      credential_id: `stored-${crypto.randomUUID()}`,
      public_key: 'AA',
      name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
