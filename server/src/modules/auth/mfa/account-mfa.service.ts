import type {
  MfaEnrolmentResult,
  MfaStatus,
  Reauthentication,
  TotpEnrolment,
} from '@canopy/portal-contract';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../../shared/actor.ts';
import type { Principal } from '../../../shared/principal.ts';
import { auditChange } from '../../audit/audit.service.ts';
import { afterFactorAdded } from './first-factor.ts';
import {
  confirmTotp,
  deleteRecoveryCodes,
  deleteTotp,
  factorCounts,
  findTotp,
  hasFactor,
  listPasskeys,
  replaceRecoveryCodes,
  storePendingTotp,
} from './factors.repository.ts';
import type { MfaDeps } from './mfa-deps.ts';
import { mustUseSecondFactor } from './policy.ts';
import { toPasskey } from './passkey-dto.ts';
import { reauthenticate } from './reauthenticate.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

type Deps = Pick<MfaDeps, 'db' | 'cipher' | 'superAdminsMustUse'>;

/** Whether the principal must use a second factor (their tenant's policy, or the installation's). */
export const principalMustUse = (deps: Deps, principal: Principal) =>
  mustUseSecondFactor(deps, {
    is_super_admin: principal.type === 'superadmin',
    tenant_id: principal.tenantId,
  });

/** My account's view of the person's second factors. */
export async function mfaStatus(deps: Deps, principal: Principal): Promise<MfaStatus> {
  const { db } = deps;
  const [counts, totp, passkeys, required] = await Promise.all([
    factorCounts(db, principal.userId),
    findTotp(db, principal.userId),
    listPasskeys(db, principal.userId),
    principalMustUse(deps, principal),
  ]);
  return {
    required,
    enrolmentRequired: required && !hasFactor(counts),
    totp: {
      enabled: counts.totp,
      enabledAt: totp?.confirmed_at ? totp.confirmed_at.toISOString() : null,
    },
    passkeys: passkeys.map(toPasskey),
    recoveryCodes: { remaining: hasFactor(counts) ? counts.recoveryCodes : 0 },
  };
}

/** Step one of adding an app: a new secret, stored encrypted, not a factor until confirmed. */
export async function startTotpEnrolment(deps: Deps, principal: Principal): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const stored = await storePendingTotp(deps.db, principal.userId, deps.cipher.encrypt(secret));
  if (!stored) throw new AppError('MFA_TOTP_ALREADY_ENABLED');
  return { secret, otpauthUri: otpauthUri(secret, principal.email) };
}

/** Step two: a code from the app proves it holds the secret; then it is a factor. */
export async function confirmTotpEnrolment(
  deps: Deps,
  actor: Actor,
  code: string,
): Promise<MfaEnrolmentResult> {
  const { principal } = actor;
  const pending = await findTotp(deps.db, principal.userId);
  if (!pending || pending.confirmed_at) throw new AppError('MFA_ENROLMENT_NOT_STARTED');
  const step = matchTotp(deps.cipher.decrypt(pending.secret_encrypted), code, Date.now(), null);
  if (step === null) throw new AppError('MFA_CODE_INVALID');
  return deps.db.transaction().execute(async (trx) => {
    const before = await factorCounts(trx, principal.userId);
    if (!(await confirmTotp(trx, principal.userId, step))) {
      throw new AppError('MFA_ENROLMENT_NOT_STARTED');
    }
    const recoveryCodes = await afterFactorAdded(trx, principal.userId, hasFactor(before));
    await auditChange(trx, actor, {
      action: 'account.mfa_totp_enabled',
      tenantId: principal.tenantId,
      target: `user:${principal.userId}`,
    });
    return { recoveryCodes };
  });
}

/**
 * Before a factor goes: refused when it is the last one and the person must have one, then the
 * re-authentication. The checks that need no secret come first, so nothing is spent for nothing.
 */
export async function checkRemoval(
  deps: Deps,
  actor: Actor,
  proof: Reauthentication,
  leftAfter: number,
): Promise<void> {
  if (leftAfter === 0 && (await principalMustUse(deps, actor.principal))) {
    throw new AppError('MFA_REQUIRED_BY_POLICY');
  }
  await reauthenticate(deps, actor, proof);
}

export async function removeTotp(deps: Deps, actor: Actor, proof: Reauthentication) {
  const { principal } = actor;
  const counts = await factorCounts(deps.db, principal.userId);
  if (!counts.totp) throw new AppError('MFA_NOT_ENABLED');
  await checkRemoval(deps, actor, proof, counts.passkeys);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteTotp(trx, principal.userId))) throw new AppError('MFA_NOT_ENABLED');
    // Without any factor the recovery codes would be a way in that nothing else backs.
    if (!hasFactor(await factorCounts(trx, principal.userId))) {
      await deleteRecoveryCodes(trx, principal.userId);
    }
    await auditChange(trx, actor, {
      action: 'account.mfa_totp_removed',
      tenantId: principal.tenantId,
      target: `user:${principal.userId}`,
    });
  });
}

/** Ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  actor: Actor,
  proof: Reauthentication,
): Promise<string[]> {
  const { principal } = actor;
  if (!hasFactor(await factorCounts(deps.db, principal.userId))) {
    throw new AppError('MFA_NOT_ENABLED');
  }
  await reauthenticate(deps, actor, proof);
  const codes = newRecoveryCodes();
  await deps.db.transaction().execute(async (trx) => {
    await replaceRecoveryCodes(trx, principal.userId, codes.map(hashRecoveryCode));
    await auditChange(trx, actor, {
      action: 'account.mfa_recovery_codes_regenerated',
      tenantId: principal.tenantId,
      target: `user:${principal.userId}`,
    });
  });
  return codes;
}
