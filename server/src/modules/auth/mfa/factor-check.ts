import type { Db } from '../../../db/database.ts';
import type { TokenCipher } from '../../../shared/token-cipher.ts';
import { advanceTotpStep, findTotp, spendRecoveryCode } from './factors.repository.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import { matchTotp } from './totp.ts';

/**
 * A code from the person's authenticator app, accepted once: the step it matched is recorded
 * atomically, so the same code (or an older one) is refused afterwards, even at the same moment.
 */
export async function acceptTotpCode(
  deps: { db: Db; cipher: TokenCipher },
  userId: string,
  code: string,
): Promise<boolean> {
  const totp = await findTotp(deps.db, userId);
  if (!totp?.confirmed_at) return false;
  const secret = deps.cipher.decrypt(totp.secret_encrypted);
  const step = matchTotp(secret, code, Date.now(), totp.last_step);
  return step !== null && (await advanceTotpStep(deps.db, userId, step));
}

/** Spends one of the person's unused recovery codes. */
export const acceptRecoveryCode = (db: Db, userId: string, code: string): Promise<boolean> =>
  spendRecoveryCode(db, userId, hashRecoveryCode(code));
