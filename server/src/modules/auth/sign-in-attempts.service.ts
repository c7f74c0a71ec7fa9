import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import {
  clearAttempts,
  lockedUntil,
  reserveAttempt,
  returnAttempt,
  type AttemptKey,
  type AttemptLimit,
} from './sign-in-attempts.repository.ts';

/**
 * Five passwords per typed email from one client address, then that address waits 15 minutes: a
 * stranger can lock out only themselves. The owner signs in from their own address meanwhile.
 */
export const ADDRESS_LIMIT: AttemptLimit = { max: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/**
 * Fifty wrong passwords for one email from any addresses within an hour lock it for everyone for
 * 15 minutes: a guesser spread over many addresses is still stopped, at ten addresses' cost.
 */
export const ACCOUNT_LIMIT: AttemptLimit = {
  max: 50,
  windowSeconds: 60 * 60,
  lockSeconds: 15 * 60,
};

/** The key of the account-wide count (a client address is never '*'). */
const EVERYWHERE = '*';

/** A reserved attempt: its keys, and the end of the lock it set when it was the last allowed. */
export interface SignInAttempt {
  address: AttemptKey;
  account: AttemptKey;
  /** Which attempt from this address it is in the window (1 to ADDRESS_LIMIT.max), for the audit. */
  number: number;
  locks: Date | null;
}

export type Reservation = { ok: true; attempt: SignInAttempt } | { ok: false; until: Date };

/** ACCOUNT_LOCKED with Retry-After: the seconds left until `until`. */
export function locked(until: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError('ACCOUNT_LOCKED', { headers: { 'retry-after': String(seconds) } });
}

const normalise = (email: string) => email.trim().toLowerCase();

async function refusal(db: Db, key: AttemptKey, limit: AttemptLimit): Promise<Reservation> {
  // The lock may just have ended between the two statements: then the full time is a safe answer.
  const until = (await lockedUntil(db, key)) ?? new Date(Date.now() + limit.lockSeconds * 1000);
  return { ok: false, until };
}

/**
 * Takes one password attempt for `email` from `ip` before the password is verified, whether or not
 * the email has an account (the answer must not tell). Refused while the address or the email is
 * locked; an attempt that was the last one allowed locks them at once, so no concurrent request
 * can slip in while this one is being verified.
 */
export async function reserveSignInAttempt(
  db: Db,
  email: string,
  ip: string | null,
): Promise<Reservation> {
  const address = { email: normalise(email), client: ip ?? 'unknown' };
  const account = { email: address.email, client: EVERYWHERE };
  const mine = await reserveAttempt(db, address, ADDRESS_LIMIT);
  if (!mine) return refusal(db, address, ADDRESS_LIMIT);
  const everyone = await reserveAttempt(db, account, ACCOUNT_LIMIT);
  if (!everyone) return refusal(db, account, ACCOUNT_LIMIT);
  const locks = [mine.locked_until, everyone.locked_until]
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime());
  return {
    ok: true,
    attempt: { address, account, number: mine.attempts, locks: locks[0] ?? null },
  };
}

/**
 * The password was right: this address starts afresh, and the attempt is given back to the
 * email's count (a lock it set is lifted; one set since by another attempt stays).
 */
export async function signInAttemptSucceeded(db: Db, attempt: SignInAttempt): Promise<void> {
  await clearAttempts(db, attempt.address);
  await returnAttempt(db, attempt.account, ACCOUNT_LIMIT);
}
