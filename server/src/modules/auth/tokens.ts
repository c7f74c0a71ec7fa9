import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random secret, URL-safe: refresh credentials, reset and invitation links. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** Only hashes of secrets are stored. A 256-bit random secret needs no slow KDF. */
export const hashSecret = (secret: string) =>
  createHash('sha256').update(secret).digest('base64url');
