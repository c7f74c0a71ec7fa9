import { randomInt } from 'node:crypto';
import { hashSecret } from '../tokens.ts';

/** How many codes a person gets at once. */
export const RECOVERY_CODE_COUNT = 10;

// Lower-case letters and digits without the look-alikes (0/o, 1/l/i), so a code read off paper
// is typed right: 31 symbols, 10 characters, about 49.5 bits per code.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten fresh codes, shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** What is compared: case, spaces and the dash do not matter. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

/**
 * Codes are stored as SHA-256 hashes: 50 random bits each, tried online against a lockout, need
 * no slow hash, and a database copy does not reveal them.
 */
export const hashRecoveryCode = (code: string) =>
  hashSecret(`recovery:${normaliseRecoveryCode(code)}`);
