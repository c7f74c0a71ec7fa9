import type { Reauthentication } from '@canopy/portal-contract';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../../shared/actor.ts';
import { audit } from '../../audit/audit.service.ts';
import { findPersonById } from '../login.repository.ts';
import { verifyPassword } from '../passwords.ts';
import {
  locked,
  reserveSignInAttempt,
  signInAttemptSucceeded,
} from '../sign-in-attempts.service.ts';
import { acceptRecoveryCode, acceptTotpCode } from './factor-check.ts';
import type { MfaDeps } from './mfa-deps.ts';

/**
 * Proof that the person at the keyboard owns the account, before a factor is removed or new
 * recovery codes are made: a session left open must not be enough to weaken the account. The
 * current password, or a fresh code (app or recovery code, which is then spent). A wrong one
 * counts towards the sign-in lockout, so guessing here costs what guessing at sign-in does.
 */
export async function reauthenticate(
  deps: Pick<MfaDeps, 'db' | 'cipher'>,
  actor: Actor,
  proof: Reauthentication,
): Promise<void> {
  const { db } = deps;
  const { principal } = actor;
  const person = await findPersonById(db, principal.userId);
  if (!person) throw new AppError('SESSION_EXPIRED');
  const reservation = await reserveSignInAttempt(db, person.email, actor.ip);
  if (!reservation.ok) throw locked(reservation.until);
  const { attempt } = reservation;
  const fail = async (reason: string, code: 'WRONG_PASSWORD' | 'MFA_CODE_INVALID') => {
    await audit(db, {
      action: attempt.locks ? 'auth.locked' : 'account.reauth_failed',
      actor: principal,
      tenantId: person.tenant_id,
      ip: actor.ip,
      details: { reason },
    });
    return attempt.locks ? locked(attempt.locks) : new AppError(code);
  };
  if (proof.password !== undefined) {
    if (person.password_hash === null) throw new AppError('PASSWORD_NOT_SET');
    if (!(await verifyPassword(person.password_hash, proof.password))) {
      throw await fail('wrong password', 'WRONG_PASSWORD');
    }
    await signInAttemptSucceeded(db, attempt);
    return;
  }
  const code = proof.code ?? '';
  if (/^\d{6}$/.test(code)) {
    if (!(await acceptTotpCode(deps, person.id, code))) {
      throw await fail('wrong code', 'MFA_CODE_INVALID');
    }
    await signInAttemptSucceeded(db, attempt);
    return;
  }
  if (!(await acceptRecoveryCode(db, person.id, code))) {
    throw await fail('wrong recovery code', 'MFA_CODE_INVALID');
  }
  await signInAttemptSucceeded(db, attempt);
  await audit(db, {
    action: 'account.recovery_code_used',
    actor: principal,
    tenantId: person.tenant_id,
    ip: actor.ip,
  });
}
