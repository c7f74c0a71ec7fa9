import type { ChangePasswordRequest } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { findPersonById, setPasswordHash } from '../auth/login.repository.ts';
import { countWrongPassword, locked } from '../auth/login.service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeOtherSessions } from '../auth/sessions.repository.ts';
import type { Mail } from '../mail/mailer.ts';

/**
 * The signed-in person changes their own password. The current one must be given: a session left
 * open on a shared computer must not be enough to take the account over. A wrong one counts
 * towards the same lockout as a failed sign-in (five in a row lock the account for 15 minutes),
 * so guessing through this form costs what guessing at sign-in does. On success, in one
 * transaction: the new password is set, every other session of the person ends (this one stays
 * signed in) and the change is audited. Returns the address to send the notice to.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  input: ChangePasswordRequest,
): Promise<{ email: string }> {
  const { principal } = actor;
  const person = await findPersonById(db, principal.userId);
  if (!person) throw new AppError('SESSION_EXPIRED');
  const auditFailure = (reason: string) =>
    audit(db, {
      action: 'account.password_change_failed',
      actor: principal,
      tenantId: person.tenant_id,
      ip: actor.ip,
      details: { reason },
    });
  if (person.locked_until && person.locked_until > new Date()) {
    await auditFailure('locked');
    throw locked(person.locked_until);
  }
  // Signed in through single sign-on only: there is no password to prove or to replace.
  if (person.password_hash === null) throw new AppError('PASSWORD_NOT_SET');
  if (!(await verifyPassword(person.password_hash, input.currentPassword))) {
    const lockedUntil = await countWrongPassword(db, person, actor.ip);
    await auditFailure('wrong password');
    if (lockedUntil) throw locked(lockedUntil);
    throw new AppError('WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    const changed = await setPasswordHash(trx, principal.userId, passwordHash);
    if (!changed) throw new AppError('SESSION_EXPIRED');
    await revokeOtherSessions(trx, principal.userId, principal.sessionId);
    await audit(trx, {
      action: 'account.password_change',
      actor: principal,
      tenantId: changed.tenant_id,
      target: `user:${changed.id}`,
      ip: actor.ip,
    });
    return { email: changed.email };
  });
}

/**
 * Tells the owner their password changed: if it was not them, someone is using their account,
 * and the mail is how they find out.
 */
export const passwordChangedByOwnerMail = (to: string): Mail => ({
  to,
  subject: 'Your Canopy password was changed',
  text:
    'The password of your Canopy account was just changed on the My account page, and every ' +
    'other session of the account was signed out.\n\nIf it was not you, reset your password ' +
    'with "Forgot password" on the sign-in page and tell your administrator.\n',
});
