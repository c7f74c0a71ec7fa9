import type {
  SecondFactorChallenge,
  SecondFactorMethod,
  SecondFactorVerifyRequest,
} from '@canopy/portal-contract';
import { AppError } from '../../../errors.ts';
import { audit } from '../../audit/audit.service.ts';
import { findPersonById, recordSuccessfulLogin, type LoginCandidate } from '../login.repository.ts';
import type { RequestMeta } from '../login.service.ts';
import { startSession, type IssuedSession } from '../session.service.ts';
import {
  locked,
  reserveSignInAttempt,
  signInAttemptSucceeded,
} from '../sign-in-attempts.service.ts';
import { mayBeSignedIn, personInfo, type PersonInfo } from '../signed-in-person.ts';
import { hashSecret, newSecret } from '../tokens.ts';
import { acceptRecoveryCode, acceptTotpCode } from './factor-check.ts';
import {
  factorCounts,
  findPasskeyByCredential,
  hasFactor,
  listPasskeys,
  recordPasskeyUse,
} from './factors.repository.ts';
import type { MfaDeps } from './mfa-deps.ts';
import { mustUseSecondFactor } from './policy.ts';
import {
  consumeSecondStepTicket,
  deleteSecondStepTickets,
  findSecondStepTicket,
  insertSecondStepTicket,
  setTicketChallenge,
  takeTicketChallenge,
} from './tickets.repository.ts';
import { authenticationOptions, verifyAssertion } from './webauthn.ts';

/** How long the second step may take after the password. */
export const SECOND_STEP_TICKET_SECONDS = 5 * 60;

/**
 * After a right password: a person with a second factor gets a ticket for the second step
 * instead of a session; one without gets a session, restricted to setting a factor up when they
 * must have one.
 */
export async function secondStepFor(
  deps: MfaDeps,
  person: LoginCandidate,
  remember: boolean,
): Promise<{ challenge: SecondFactorChallenge } | { mfaEnrolmentOnly: boolean }> {
  const counts = await factorCounts(deps.db, person.id);
  if (!hasFactor(counts)) return { mfaEnrolmentOnly: await mustUseSecondFactor(deps, person) };
  const ticket = newSecret();
  const expiresAt = new Date(Date.now() + SECOND_STEP_TICKET_SECONDS * 1000);
  await insertSecondStepTicket(deps.db, {
    ticket_hash: hashSecret(ticket),
    user_id: person.id,
    remember,
    expires_at: expiresAt,
  });
  const methods: SecondFactorMethod[] = [];
  if (counts.totp) methods.push('totp');
  if (counts.recoveryCodes > 0) methods.push('recovery-code');
  if (counts.passkeys > 0) methods.push('passkey');
  return {
    challenge: { step: 'second-factor', ticket, expiresAt: expiresAt.toISOString(), methods },
  };
}

/** Ticket strings far longer than ours are not ours: refused before hashing. */
const MAX_TICKET_LENGTH = 128;

async function liveTicket(deps: MfaDeps, ticket: string) {
  if (ticket.length > MAX_TICKET_LENGTH) throw new AppError('MFA_TICKET_INVALID');
  const hash = hashSecret(ticket);
  const row = await findSecondStepTicket(deps.db, hash);
  if (!row) throw new AppError('MFA_TICKET_INVALID');
  return { hash, row };
}

/** The WebAuthn options for a passkey second step; the challenge is kept on the ticket. */
export async function passkeySignInOptions(deps: MfaDeps, ticket: string) {
  const { hash, row } = await liveTicket(deps, ticket);
  const passkeys = await listPasskeys(deps.db, row.user_id);
  if (passkeys.length === 0) throw new AppError('MFA_METHOD_UNAVAILABLE');
  const options = await authenticationOptions(deps.relyingParty, passkeys);
  if (!(await setTicketChallenge(deps.db, hash, options.challenge))) {
    throw new AppError('MFA_TICKET_INVALID');
  }
  // A plain copy: the contract's loose object takes it where the library's interface is refused.
  return { options: { ...options } };
}

type Outcome =
  | { ok: true; recoveryCodesLeft?: number }
  | { ok: false; code: 'MFA_CODE_INVALID' | 'PASSKEY_REJECTED' };

/** Checks the factor given against the ticket's person; spends what is single-use. */
async function checkFactor(
  deps: MfaDeps,
  ticket: { hash: string; userId: string; challenge: string | null },
  input: SecondFactorVerifyRequest,
): Promise<Outcome> {
  const { db } = deps;
  const counts = await factorCounts(db, ticket.userId);
  switch (input.method) {
    case 'totp': {
      if (!counts.totp) throw new AppError('MFA_METHOD_UNAVAILABLE');
      const ok = await acceptTotpCode(deps, ticket.userId, input.code ?? '');
      return ok ? { ok } : { ok, code: 'MFA_CODE_INVALID' };
    }
    case 'recovery-code': {
      if (counts.recoveryCodes === 0) throw new AppError('MFA_METHOD_UNAVAILABLE');
      if (!(await acceptRecoveryCode(db, ticket.userId, input.code ?? ''))) {
        return { ok: false, code: 'MFA_CODE_INVALID' };
      }
      return { ok: true, recoveryCodesLeft: counts.recoveryCodes - 1 };
    }
    case 'passkey': {
      if (counts.passkeys === 0) throw new AppError('MFA_METHOD_UNAVAILABLE');
      const { credential } = input;
      if (!ticket.challenge || !credential) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
      // The challenge is taken first: an assertion is good for one attempt, right or wrong.
      if (!(await takeTicketChallenge(db, ticket.hash, ticket.challenge))) {
        throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
      }
      const passkey = await findPasskeyByCredential(db, ticket.userId, credential.id);
      const verified =
        passkey &&
        (await verifyAssertion(deps.relyingParty, credential, ticket.challenge, passkey));
      if (!passkey || !verified) return { ok: false, code: 'PASSKEY_REJECTED' };
      await recordPasskeyUse(db, passkey.id, verified.counter, verified.backedUp);
      return { ok: true };
    }
  }
}

/**
 * The second step: the ticket and one factor. A wrong factor counts towards the same lockout as
 * a wrong password, and the lock ends the ticket; a right one takes the ticket (single use) and
 * starts the session the password sign-in would have, "Remember me" included.
 */
export async function verifySecondFactor(
  deps: MfaDeps,
  input: SecondFactorVerifyRequest,
  meta: RequestMeta,
): Promise<{ person: PersonInfo; session: IssuedSession; recoveryCodesLeft?: number }> {
  const { db } = deps;
  const { hash, row } = await liveTicket(deps, input.ticket);
  const person = await findPersonById(db, row.user_id);
  if (!person) throw new AppError('MFA_TICKET_INVALID');
  const actor = { userId: person.id, email: person.email };
  // A guess at the second factor is a sign-in attempt like a password: the same limits apply.
  const reservation = await reserveSignInAttempt(db, person.email, meta.ip);
  if (!reservation.ok) {
    await audit(db, {
      action: 'auth.login_failed',
      actor,
      tenantId: person.tenant_id,
      ip: meta.ip,
      details: { reason: 'locked', secondFactor: input.method },
    });
    throw locked(reservation.until);
  }
  const { attempt } = reservation;
  if (!mayBeSignedIn(person)) throw new AppError('TENANT_INACTIVE');

  const outcome = await checkFactor(
    deps,
    { hash, userId: person.id, challenge: row.passkey_challenge },
    input,
  );
  if (!outcome.ok) {
    await audit(db, {
      action: attempt.locks ? 'auth.locked' : 'auth.mfa_failed',
      actor,
      tenantId: person.tenant_id,
      ip: meta.ip,
      details: { method: input.method },
    });
    if (attempt.locks) {
      await deleteSecondStepTickets(db, person.id);
      throw locked(attempt.locks);
    }
    throw new AppError(outcome.code);
  }
  await signInAttemptSucceeded(db, attempt);
  // Two right answers with one ticket at once: only one takes it.
  if (!(await consumeSecondStepTicket(db, hash))) throw new AppError('MFA_TICKET_INVALID');

  await recordSuccessfulLogin(db, person.id);
  const session = await startSession(deps, person.id, meta, row.remember);
  if (input.method === 'recovery-code') {
    await audit(db, {
      action: 'auth.recovery_code_used',
      actor,
      tenantId: person.tenant_id,
      ip: meta.ip,
      details: { remaining: outcome.recoveryCodesLeft },
    });
  }
  await audit(db, {
    action: 'auth.login',
    actor,
    tenantId: person.tenant_id,
    ip: meta.ip,
    details: { secondFactor: input.method },
  });
  return {
    person: personInfo(person),
    session,
    ...(outcome.recoveryCodesLeft === undefined
      ? {}
      : { recoveryCodesLeft: outcome.recoveryCodesLeft }),
  };
}
