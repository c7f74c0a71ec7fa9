import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface NewOidcRequest {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  redirect: string;
  expires_at: Date;
}

/** Stores a started sign-in, dropping the expired ones (abandoned attempts) on the way. */
export async function insertOidcRequest(db: Db, row: NewOidcRequest): Promise<void> {
  await db
    .deleteFrom('oidc_requests')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db.insertInto('oidc_requests').values(row).execute();
}

/** Takes a started sign-in by its state, once: it is deleted as it is read. */
export async function consumeOidcRequest(db: Db, stateHash: string) {
  return db
    .deleteFrom('oidc_requests')
    .where('state_hash', '=', stateHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['nonce', 'code_verifier', 'redirect'])
    .executeTakeFirst();
}

export async function insertSignInTicket(
  db: Db,
  row: { ticket_hash: string; user_id: string; expires_at: Date },
): Promise<void> {
  await db
    .deleteFrom('sign_in_tickets')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db.insertInto('sign_in_tickets').values(row).execute();
}

/** Takes a sign-in ticket once (deleted as it is read); undefined when unknown or expired. */
export async function consumeSignInTicket(db: Db, ticketHash: string) {
  return db
    .deleteFrom('sign_in_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
}
