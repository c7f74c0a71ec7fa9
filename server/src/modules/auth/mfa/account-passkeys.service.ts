import type {
  Passkey,
  Reauthentication,
  RegisteredPasskey,
  RegisterPasskeyRequest,
} from '@canopy/portal-contract';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../../shared/actor.ts';
import type { Principal } from '../../../shared/principal.ts';
import { auditChange } from '../../audit/audit.service.ts';
import { checkRemoval } from './account-mfa.service.ts';
import {
  credentialRegistered,
  deletePasskey,
  deleteRecoveryCodes,
  factorCounts,
  hasFactor,
  insertPasskey,
  listPasskeys,
  renamePasskey as renamePasskeyRow,
} from './factors.repository.ts';
import { afterFactorAdded } from './first-factor.ts';
import type { MfaDeps } from './mfa-deps.ts';
import { toPasskey } from './passkey-dto.ts';
import { storeRegistrationChallenge, takeRegistrationChallenge } from './tickets.repository.ts';
import { PASSKEY_CHALLENGE_SECONDS, registrationOptions, verifyRegistration } from './webauthn.ts';

type Deps = Pick<MfaDeps, 'db' | 'cipher' | 'superAdminsMustUse' | 'relyingParty'>;

/** The creation options for a new passkey; the challenge is kept for 5 minutes. */
export async function passkeyRegistrationOptions(deps: Deps, principal: Principal) {
  const existing = await listPasskeys(deps.db, principal.userId);
  const options = await registrationOptions(
    deps.relyingParty,
    { id: principal.userId, email: principal.email },
    existing,
  );
  await storeRegistrationChallenge(
    deps.db,
    principal.userId,
    options.challenge,
    new Date(Date.now() + PASSKEY_CHALLENGE_SECONDS * 1000),
  );
  // A plain copy: the contract's loose object takes it where the library's interface is refused.
  return { options: { ...options } };
}

/** Adds the passkey the browser made for the stored challenge (taken, so it works once). */
export async function registerPasskey(
  deps: Deps,
  actor: Actor,
  input: RegisterPasskeyRequest,
): Promise<RegisteredPasskey> {
  const { principal } = actor;
  const challenge = await takeRegistrationChallenge(deps.db, principal.userId);
  if (!challenge) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  const verified = await verifyRegistration(deps.relyingParty, input.credential, challenge);
  if (!verified || (await credentialRegistered(deps.db, verified.credentialId))) {
    throw new AppError('PASSKEY_REJECTED');
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = await factorCounts(trx, principal.userId);
      const row = await insertPasskey(trx, {
        user_id: principal.userId,
        credential_id: verified.credentialId,
        public_key: verified.publicKey,
        counter: verified.counter,
        transports: verified.transports,
        backed_up: verified.backedUp,
        name: input.name,
      });
      const recoveryCodes = await afterFactorAdded(trx, principal.userId, hasFactor(before));
      await auditChange(trx, actor, {
        action: 'account.mfa_passkey_added',
        tenantId: principal.tenantId,
        target: `passkey:${row.id}`,
        details: { name: row.name },
      });
      return { passkey: toPasskey(row), recoveryCodes };
    });
  } catch (error) {
    // The same authenticator registered at the same moment by another request.
    if (isUniqueViolation(error)) throw new AppError('PASSKEY_REJECTED');
    throw error;
  }
}

export async function renamePasskey(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  passkeyId: string,
  name: string,
): Promise<Passkey> {
  const { principal } = actor;
  return deps.db.transaction().execute(async (trx) => {
    const row = await renamePasskeyRow(trx, principal.userId, passkeyId, name);
    if (!row) throw new AppError('PASSKEY_NOT_FOUND');
    await auditChange(trx, actor, {
      action: 'account.mfa_passkey_renamed',
      tenantId: principal.tenantId,
      target: `passkey:${row.id}`,
      details: { name },
    });
    return toPasskey(row);
  });
}

/** Removes one of the person's passkeys, after re-authentication. */
export async function removePasskey(
  deps: Deps,
  actor: Actor,
  passkeyId: string,
  proof: Reauthentication,
): Promise<void> {
  const { principal } = actor;
  const passkeys = await listPasskeys(deps.db, principal.userId);
  if (!passkeys.some((passkey) => passkey.id === passkeyId)) {
    throw new AppError('PASSKEY_NOT_FOUND');
  }
  const counts = await factorCounts(deps.db, principal.userId);
  await checkRemoval(deps, actor, proof, counts.passkeys - 1 + (counts.totp ? 1 : 0));
  await deps.db.transaction().execute(async (trx) => {
    const removed = await deletePasskey(trx, principal.userId, passkeyId);
    if (!removed) throw new AppError('PASSKEY_NOT_FOUND');
    if (!hasFactor(await factorCounts(trx, principal.userId))) {
      await deleteRecoveryCodes(trx, principal.userId);
    }
    await auditChange(trx, actor, {
      action: 'account.mfa_passkey_removed',
      tenantId: principal.tenantId,
      target: `passkey:${removed.id}`,
      details: { name: removed.name },
    });
  });
}
