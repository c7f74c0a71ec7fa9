import type { LoginRequest } from '@canopy/portal-contract';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { findLoginCandidate, recordSuccessfulLogin } from './login.repository.ts';
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
 * Email + password sign-in. Unknown email and wrong password answer the same 401 after the same
 * work (a dummy hash is verified). Each attempt is counted before its password is verified, known
 * email or not; the fifth from one address locks that address out for 15 minutes, and fifty from
 * anywhere lock the email (sign-in-attempts.service.ts).
 */
export async function login(
  deps: SessionDeps,
  input: LoginRequest,
  meta: RequestMeta,
): Promise<{ person: PersonInfo; session: IssuedSession }> {
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

  await recordSuccessfulLogin(db, candidate.id);
  const session = await startSession(deps, candidate.id, meta, input.remember);
  await audit(db, {
    action: 'auth.login',
    actor,
    tenantId: candidate.tenant_id,
    ip: meta.ip,
    details: { attempt: attempt.number },
  });
  return { person: personInfo(candidate), session };
}
