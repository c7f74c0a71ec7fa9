import { createHmac } from 'node:crypto';

/** base32 (RFC 4648, no padding needed) to bytes: the secret an authenticator app is given. */
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows for `secret` at `time` (RFC 6238: HMAC-SHA1 over the
 * 30-second step count, dynamic truncation, 6 digits), written here from the RFC so the test does
 * not trust the server's own implementation. `stepOffset` picks a neighbouring step.
 */
export function totpCode(secret: string, time = Date.now(), stepOffset = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30) + stepOffset));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** The secret in an otpauth:// URI (what the QR code carries). */
export const otpauthSecret = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';
