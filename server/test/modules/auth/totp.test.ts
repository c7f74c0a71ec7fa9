import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpStep,
} from '../../../src/modules/auth/mfa/totp.ts';

const RFC_SEED = Buffer.from('12345678901234567890');

describe('HOTP and TOTP', () => {
  it('gives the RFC 4226 HOTP test values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SEED, counter))).toEqual(expected);
  });

  it('gives the RFC 6238 SHA-1 test values (8 digits, 30 s steps)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(hotp(RFC_SEED, totpStep(seconds * 1000), 8), `T=${seconds}`).toBe(code);
    }
  });

  it('round-trips base32 and makes 32-character secrets of 20 bytes', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts a code one step either side of now, not two', () => {
    const secret = base32Encode(RFC_SEED);
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const at = (offset: number) => hotp(RFC_SEED, step + offset);
    expect(matchTotp(secret, at(0), now, null)).toBe(step);
    expect(matchTotp(secret, at(-1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, at(1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, at(-2), now, null)).toBeNull();
    expect(matchTotp(secret, at(2), now, null)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    const secret = base32Encode(RFC_SEED);
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, hotp(RFC_SEED, step), now, step)).toBeNull();
    expect(matchTotp(secret, hotp(RFC_SEED, step - 1), now, step)).toBeNull();
    expect(matchTotp(secret, hotp(RFC_SEED, step + 1), now, step)).toBe(step + 1);
  });

  it('names the issuer and the account in the provisioning URI', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'ann@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Canopy:ann@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Canopy',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
