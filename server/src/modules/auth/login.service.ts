import type { LoginRequest } from '@canopy/portal-contract';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import {
  findLoginCandidate,
  recordFailedLogin,
  recordSuccessfulLogin,
} from './login.repository.ts';
import { verifyPassword } from './passwords.ts';
import { startSession, type IssuedSession, type SessionDeps } from './session.service.ts';
import { mayBeSignedIn, personInfo, type PersonInfo } from './signed-in-person.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_SECONDS = 15 * 60;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** ACCOUNT_LOCKED with Retry-After: the seconds left until `until`. */
export function locked(until: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError('ACCOUNT_LOCKED', { headers: { 'retry-after': String(seconds) } });
}

/**
 * Counts a wrong password against the account (at sign-in, or when changing the password): the
 * fifth in a row locks it for 15 minutes and is audited. Returns the lock's end when it locked.
 */
export async function countWrongPassword(
  db: SessionDeps['db'],
  person: { id: string; email: string; tenant_id: string | null },
  ip: string | null,
): Promise<Date | null> {
  const lockUntil = new Date(Date.now() + LOCKOUT_SECONDS * 1000);
  const failures = await recordFailedLogin(db, person.id, MAX_FAILED_LOGINS, lockUntil);
  if (failures < MAX_FAILED_LOGINS) return null;
  await audit(db, {
    action: 'auth.locked',
    actor: { userId: person.id, email: person.email },
    tenantId: person.tenant_id,
    ip,
  });
  return lockUntil;
}

/**
 * Email + password sign-in. Unknown email and wrong password answer the same 401 after the same
 * work (a dummy hash is verified). Five failures in a row lock the account for 15 minutes.
 */
export async function login(
  deps: SessionDeps,
  input: LoginRequest,
  meta: RequestMeta,
): Promise<{ person: PersonInfo; session: IssuedSession }> {
  const { db } = deps;
  const candidate = await findLoginCandidate(db, input.email);
  const ok = await verifyPassword(candidate?.password_hash ?? null, input.password);
  const actor = candidate ? { userId: candidate.id, email: candidate.email } : null;

  if (candidate?.locked_until && candidate.locked_until > new Date()) {
    await audit(db, {
      action: 'auth.login_failed',
      actor,
      ip: meta.ip,
      details: { reason: 'locked' },
    });
    throw locked(candidate.locked_until);
  }
  if (!candidate || !ok) {
    if (candidate && candidate.password_hash !== null) {
      const lockedUntil = await countWrongPassword(db, candidate, meta.ip);
      if (lockedUntil) throw locked(lockedUntil);
    }
    await audit(db, {
      action: 'auth.login_failed',
      actor,
      tenantId: candidate?.tenant_id ?? null,
      ip: meta.ip,
      details: { email: input.email.slice(0, 254) },
    });
    // An invited account without a password answers like a wrong password: nothing is revealed.
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!mayBeSignedIn(candidate)) {
    throw new AppError('TENANT_INACTIVE');
  }

  await recordSuccessfulLogin(db, candidate.id);
  const session = await startSession(deps, candidate.id, meta, input.remember);
  await audit(db, { action: 'auth.login', actor, tenantId: candidate.tenant_id, ip: meta.ip });
  return { person: personInfo(candidate), session };
}
