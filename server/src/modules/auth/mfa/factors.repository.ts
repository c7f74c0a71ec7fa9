import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { inTransaction } from '../../../db/in-transaction.ts';
import { announceSessionChange } from '../session-changes.ts';

/** bigint columns come back as strings on some drivers. */
const asNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** What second factors a person has, in one query. */
export async function factorCounts(db: Db, userId: string) {
  const row = await db
    .selectNoFrom([
      sql<boolean>`exists (select 1 from mfa_totp where user_id = ${userId} and confirmed_at is not null)`.as(
        'totp',
      ),
      sql<number>`(select count(*)::int from mfa_passkeys where user_id = ${userId})`.as(
        'passkeys',
      ),
      sql<number>`(select count(*)::int from mfa_recovery_codes where user_id = ${userId} and used_at is null)`.as(
        'recovery_codes',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { totp: row.totp, passkeys: row.passkeys, recoveryCodes: row.recovery_codes };
}
export type FactorCounts = Awaited<ReturnType<typeof factorCounts>>;

export const hasFactor = (counts: FactorCounts) => counts.totp || counts.passkeys > 0;

// ---- TOTP ---------------------------------------------------------------------------------

export async function findTotp(db: Db, userId: string) {
  const row = await db
    .selectFrom('mfa_totp')
    .select(['secret_encrypted', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, last_step: asNumber(row.last_step) };
}

/** Stores a secret being set up, replacing an unconfirmed one; false when one is confirmed. */
export async function storePendingTotp(
  db: Db,
  userId: string,
  secretEncrypted: string,
): Promise<boolean> {
  const row = await db
    .insertInto('mfa_totp')
    .values({ user_id: userId, secret_encrypted: secretEncrypted })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_encrypted: secretEncrypted, created_at: sql<Date>`now()` })
        .where('mfa_totp.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes the pending secret a factor, remembering the step its code used. */
export async function confirmTotp(db: Db, userId: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('mfa_totp')
    .set({ confirmed_at: sql<Date>`now()`, last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records an accepted step, only if it is later than the last one: of two requests with the same
 * code at once, one wins and the other is a reused code.
 */
export async function advanceTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('mfa_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteTotp(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('mfa_totp')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

// ---- recovery codes ------------------------------------------------------------------------

/** Replaces every code of the person with these (hashes). */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('mfa_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Spends an unused code; false when there is none by that hash (unknown or already used). */
export async function spendRecoveryCode(db: Db, userId: string, hash: string): Promise<boolean> {
  const row = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
}

// ---- passkeys ------------------------------------------------------------------------------

const passkeyColumns = [
  'id',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'backed_up',
  'name',
  'created_at',
  'last_used_at',
] as const;

const toPasskey = <R extends { counter: number | string }>(row: R) => ({
  ...row,
  counter: Number(row.counter),
});

export async function listPasskeys(db: Db, userId: string) {
  const rows = await db
    .selectFrom('mfa_passkeys')
    .select(passkeyColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toPasskey);
}
export type PasskeyRow = Awaited<ReturnType<typeof listPasskeys>>[number];

/** One of this person's passkeys by its credential id (another person's is not found). */
export async function findPasskeyByCredential(db: Db, userId: string, credentialId: string) {
  const row = await db
    .selectFrom('mfa_passkeys')
    .select(passkeyColumns)
    .where('user_id', '=', userId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && toPasskey(row);
}

export async function credentialRegistered(db: Db, credentialId: string): Promise<boolean> {
  const row = await db
    .selectFrom('mfa_passkeys')
    .select('id')
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPasskey(
  db: Db,
  row: {
    user_id: string;
    credential_id: string;
    public_key: string;
    counter: number;
    transports: string[];
    backed_up: boolean;
    name: string;
  },
) {
  const inserted = await db
    .insertInto('mfa_passkeys')
    .values(row)
    .returning(passkeyColumns)
    .executeTakeFirstOrThrow();
  return toPasskey(inserted);
}

/** After a sign-in with it: the new counter and when. */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  counter: number,
  backedUp: boolean,
): Promise<void> {
  await db
    .updateTable('mfa_passkeys')
    .set({ counter, backed_up: backedUp, last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const row = await db
    .updateTable('mfa_passkeys')
    .set({ name })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(passkeyColumns)
    .executeTakeFirst();
  return row && toPasskey(row);
}

export async function deletePasskey(db: Db, userId: string, id: string) {
  return db
    .deleteFrom('mfa_passkeys')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

// ---- the whole set -------------------------------------------------------------------------

/** Removes every factor, recovery code and second step under way (an administrator's reset). */
export async function deleteAllFactors(db: Db, userId: string) {
  const before = await factorCounts(db, userId);
  await db.deleteFrom('mfa_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('mfa_passkeys').where('user_id', '=', userId).execute();
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('mfa_sign_in_tickets').where('user_id', '=', userId).execute();
  await db.deleteFrom('mfa_passkey_challenges').where('user_id', '=', userId).execute();
  return before;
}

/**
 * A first factor was added: the person's sessions restricted to setting one up become full ones,
 * on every instance at once.
 */
export async function liftEnrolmentRestriction(db: Db, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const lifted = await trx
      .updateTable('sessions')
      .set({ mfa_enrolment_only: false })
      .where('user_id', '=', userId)
      .where('mfa_enrolment_only', '=', true)
      .returning('id')
      .execute();
    if (lifted.length > 0) await announceSessionChange(trx, { user: userId });
  });
}
