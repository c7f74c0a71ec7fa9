import type { ResetPasswordRequest } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import type { Mail } from '../mail/mailer.ts';
import { findLoginCandidate, setPasswordHash } from './login.repository.ts';
import type { RequestMeta } from './login.service.ts';
import { issuePasswordLink, type PasswordLinkDeps } from './password-links.service.ts';
import {
  consumePasswordToken,
  countPasswordTokensSince,
  invalidateOpenPasswordTokens,
} from './password-tokens.repository.ts';
import { hashPassword } from './passwords.ts';
import { revokeAllSessions } from './sessions.repository.ts';
import { hashSecret } from './tokens.ts';

/** At most this many reset mails per person per hour, whoever asks: the form cannot flood a mailbox. */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * The mail side of "forgot password". The route answers the same neutral message before this runs
 * (it is started in the background), so neither the answer nor its timing says whether the
 * address has an account. An invited person who has not set a password yet gets a reset link too,
 * and their invitation keeps working: the reset link proves the same mailbox the invitation does,
 * and someone who lost the invitation mail can still get in without waiting for an Admin, while a
 * stranger asking for it can no longer void anyone's invitation. Whichever is used first sets the
 * password and closes the other.
 */
export async function sendPasswordReset(
  deps: PasswordLinkDeps,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  const { db } = deps;
  const person = await findLoginCandidate(db, email);
  if (!person) {
    await audit(db, {
      action: 'auth.password_reset_requested',
      ip: meta.ip,
      details: { email: email.slice(0, 254), known: false },
    });
    return;
  }
  const actor = { userId: person.id, email: person.email };
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  if ((await countPasswordTokensSince(db, person.id, 'reset', hourAgo)) >= RESET_MAILS_PER_HOUR) {
    await audit(db, {
      action: 'auth.password_reset_requested',
      actor,
      tenantId: person.tenant_id,
      ip: meta.ip,
      details: { sent: false, reason: 'too many requests' },
    });
    return;
  }
  await issuePasswordLink(deps, { id: person.id, email: person.email }, 'reset');
  await audit(db, {
    action: 'auth.password_reset_requested',
    actor,
    tenantId: person.tenant_id,
    ip: meta.ip,
    details: { sent: true },
  });
}

/**
 * Sets a new password with a mailed link (reset or invitation). The password policy was applied
 * by the request schema (NewPassword). In one transaction: the link is consumed (it works once,
 * until it expires), the password set, the lockout cleared and every session of the person ended.
 * No session is started: the person signs in with the new password.
 */
export async function resetPassword(
  db: Db,
  input: ResetPasswordRequest,
  meta: RequestMeta,
): Promise<{ email: string; purpose: 'reset' | 'invite' }> {
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    const token = await consumePasswordToken(trx, hashSecret(input.token));
    if (!token) throw new AppError('INVALID_RESET_TOKEN');
    const person = await setPasswordHash(trx, token.user_id, passwordHash);
    if (!person) throw new AppError('INVALID_RESET_TOKEN');
    // The password is set: a link of the other kind left open (an invitation next to a reset)
    // must not set it again later.
    await invalidateOpenPasswordTokens(trx, person.id);
    await revokeAllSessions(trx, person.id);
    await audit(trx, {
      action: token.purpose === 'invite' ? 'auth.invitation_accepted' : 'auth.password_reset',
      actor: { userId: person.id, email: person.email },
      tenantId: person.tenant_id,
      ip: meta.ip,
    });
    return { email: person.email, purpose: token.purpose };
  });
}

/**
 * Tells the owner their password changed (ASVS 6.3.7): if it was not them, someone controls their
 * mailbox, and they should know. Invitations need no such notice: the account is new.
 */
export const passwordChangedMail = (to: string): Mail => ({
  to,
  subject: 'Your Canopy password was changed',
  text:
    'The password of your Canopy account was just changed with a reset link, and every session ' +
    'of the account was signed out.\n\nIf it was not you, ask your administrator to lock the ' +
    'account and secure your mailbox: the reset link was sent there.\n',
});
