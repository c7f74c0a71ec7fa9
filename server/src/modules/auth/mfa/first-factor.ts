import type { Db } from '../../../db/database.ts';
import { liftEnrolmentRestriction, replaceRecoveryCodes } from './factors.repository.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';

/**
 * After a factor is added (inside its transaction): with the person's first factor come ten
 * recovery codes, returned to be shown once, and sessions restricted to setting up a factor
 * become full ones. Adding a further factor keeps the codes (null).
 */
export async function afterFactorAdded(
  trx: Db,
  userId: string,
  hadFactor: boolean,
): Promise<string[] | null> {
  await liftEnrolmentRestriction(trx, userId);
  if (hadFactor) return null;
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode));
  return codes;
}
