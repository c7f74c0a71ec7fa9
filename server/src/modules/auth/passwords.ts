import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second row (m = 19 MiB, t = 2, p = 1): ~30 ms here, a good login cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/**
 * A hash of a random password, verified when the email is unknown (or has no password yet), so
 * that every failed sign-in costs the same time and no response reveals whether an account exists.
 */
const dummyHash = hash(`dummy-${Math.random()}`, OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && stored !== null;
  } catch {
    return false;
  }
}
