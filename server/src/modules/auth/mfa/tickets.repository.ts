import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** Stores a second-step ticket, dropping the person's expired ones on the way. */
export async function insertSecondStepTicket(
  db: Db,
  row: { ticket_hash: string; user_id: string; remember: boolean; expires_at: Date },
): Promise<void> {
  await db
    .deleteFrom('mfa_sign_in_tickets')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db.insertInto('mfa_sign_in_tickets').values(row).execute();
}

/** A live ticket by its hash; undefined when unknown, used or expired. */
export async function findSecondStepTicket(db: Db, ticketHash: string) {
  return db
    .selectFrom('mfa_sign_in_tickets')
    .select(['user_id', 'remember', 'passkey_challenge', 'expires_at'])
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Sets the challenge of a passkey sign-in on a live ticket (replacing an earlier one). */
export async function setTicketChallenge(
  db: Db,
  ticketHash: string,
  challenge: string,
): Promise<boolean> {
  const row = await db
    .updateTable('mfa_sign_in_tickets')
    .set({ passkey_challenge: challenge })
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the passkey challenge off the ticket, once: a replayed assertion finds none. */
export async function takeTicketChallenge(
  db: Db,
  ticketHash: string,
  challenge: string,
): Promise<boolean> {
  const row = await db
    .updateTable('mfa_sign_in_tickets')
    .set({ passkey_challenge: null })
    .where('ticket_hash', '=', ticketHash)
    .where('passkey_challenge', '=', challenge)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the ticket for a session, once: deleted as it is read. */
export async function consumeSecondStepTicket(db: Db, ticketHash: string): Promise<boolean> {
  const row = await db
    .deleteFrom('mfa_sign_in_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every second step under way for the person (the account locked). */
export async function deleteSecondStepTickets(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('mfa_sign_in_tickets').where('user_id', '=', userId).execute();
}

/** The challenge of a passkey being added: one per person, replacing an earlier one. */
export async function storeRegistrationChallenge(
  db: Db,
  userId: string,
  challenge: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('mfa_passkey_challenges')
    .values({ user_id: userId, challenge, expires_at: expiresAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ challenge, expires_at: expiresAt }))
    .execute();
}

/** Takes the person's live registration challenge, once. */
export async function takeRegistrationChallenge(db: Db, userId: string) {
  const row = await db
    .deleteFrom('mfa_passkey_challenges')
    .where('user_id', '=', userId)
    .returning(['challenge', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at > new Date() ? row.challenge : undefined;
}
