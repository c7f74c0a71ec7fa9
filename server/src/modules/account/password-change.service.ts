import type { ChangePasswordRequest } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { findPersonById, setPasswordHash } from '../auth/login.repository.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeOtherSessions } from '../auth/sessions.repository.ts';
import {
  locked,
  reserveSignInAttempt,
  signInAttemptSucceeded,
} from '../auth/sign-in-attempts.service.ts';
import type { Mail } from '../mail/mailer.ts';

/**
 * The signed-in person changes their own password. The current one must be given: a session left
 * open on a shared computer must not be enough to take the account over. Each try is counted
 * before it is verified, against the same limits as sign-in (sign-in-attempts.service.ts), so
 * guessing through this form, even with concurrent requests, costs what guessing at sign-in does. On success, in one
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
  // Signed in through single sign-on only: there is no password to prove or to replace.
  if (person.password_hash === null) throw new AppError('PASSWORD_NOT_SET');
  const reservation = await reserveSignInAttempt(db, person.email, actor.ip);
  if (!reservation.ok) {
    await auditFailure('locked');
    throw locked(reservation.until);
  }
  const { attempt } = reservation;
  if (!(await verifyPassword(person.password_hash, input.currentPassword))) {
    await auditFailure('wrong password');
    if (attempt.locks) {
      await audit(db, {
        action: 'auth.locked',
        actor: principal,
        tenantId: person.tenant_id,
        ip: actor.ip,
      });
      throw locked(attempt.locks);
    }
    throw new AppError('WRONG_PASSWORD');
  }
  await signInAttemptSucceeded(db, attempt);
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
      details: { attempt: attempt.number },
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
