import type { LoginRequest, SecondFactorChallenge } from '@canopy/portal-contract';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import {
  findLoginCandidate,
  recordSuccessfulLogin,
  type LoginCandidate,
} from './login.repository.ts';
import { verifyPassword } from './passwords.ts';
import { startSession, type IssuedSession, type SessionDeps } from './session.service.ts';
import {
  locked,
  reserveSignInAttempt,
  signInAttemptSucceeded,
} from './sign-in-attempts.service.ts';
import { mayBeSignedIn, personInfo, type PersonInfo } from './signed-in-person.ts';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/**
 * What comes after a right password (mfa/second-step.service.ts): a ticket for the second step
 * instead of a session, or a session that is restricted to setting up a second factor.
 */
export type SecondStep = (
  person: LoginCandidate,
  remember: boolean,
) => Promise<{ challenge: SecondFactorChallenge } | { mfaEnrolmentOnly: boolean }>;

/**
 * Email + password sign-in. Unknown email and wrong password answer the same 401 after the same
 * work (a dummy hash is verified). Each attempt is counted before its password is verified, known
 * email or not; the fifth from one address locks that address out for 15 minutes, and fifty from
 * anywhere lock the email (sign-in-attempts.service.ts).
 */
export async function login(
  deps: SessionDeps,
  input: LoginRequest,
  meta: RequestMeta,
  secondStep?: SecondStep,
): Promise<{ person: PersonInfo; session: IssuedSession } | { challenge: SecondFactorChallenge }> {
  const { db } = deps;
  const reservation = await reserveSignInAttempt(db, input.email, meta.ip);
  const candidate = await findLoginCandidate(db, input.email);
  const actor = candidate ? { userId: candidate.id, email: candidate.email } : null;
  if (!reservation.ok) {
    await audit(db, {
      action: 'auth.login_failed',
      actor,
      tenantId: candidate?.tenant_id ?? null,
      ip: meta.ip,
      details: { reason: 'locked' },
    });
    throw locked(reservation.until);
  }
  const { attempt } = reservation;
  const ok = await verifyPassword(candidate?.password_hash ?? null, input.password);

  if (!candidate || !ok) {
    if (attempt.locks && candidate) {
      await audit(db, { action: 'auth.locked', actor, tenantId: candidate.tenant_id, ip: meta.ip });
    } else {
      await audit(db, {
        action: 'auth.login_failed',
        actor,
        tenantId: candidate?.tenant_id ?? null,
        ip: meta.ip,
        details: { email: input.email.slice(0, 254) },
      });
    }
    if (attempt.locks) throw locked(attempt.locks);
    // An invited account without a password answers like a wrong password: nothing is revealed.
    throw new AppError('INVALID_CREDENTIALS');
  }
  await signInAttemptSucceeded(db, attempt);
  if (!mayBeSignedIn(candidate)) {
    throw new AppError('TENANT_INACTIVE');
  }

  // Two-step verification decides in its own module; the lockout counter stays until it is done.
  const step = secondStep ? await secondStep(candidate, input.remember) : null;
  if (step && 'challenge' in step) return step;

  await recordSuccessfulLogin(db, candidate.id);
  const session = await startSession(deps, candidate.id, meta, input.remember, {
    mfaEnrolmentOnly: step?.mfaEnrolmentOnly ?? false,
  });
  await audit(db, {
    action: 'auth.login',
    actor,
    tenantId: candidate.tenant_id,
    ip: meta.ip,
    details: { attempt: attempt.number },
  });
  return { person: personInfo(candidate), session };
}
