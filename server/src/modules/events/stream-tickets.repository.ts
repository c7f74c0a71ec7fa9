import type { Db } from '../../db/database.ts';

export async function insertTicket(
  db: Db,
  row: { ticketHash: string; userId: string; sessionId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('stream_tickets')
    .values({
      ticket_hash: row.ticketHash,
      user_id: row.userId,
      session_id: row.sessionId,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Deletes the ticket (single use) and returns whose it was, if it had not expired. */
export async function redeemTicket(db: Db, ticketHash: string) {
  const row = await db
    .deleteFrom('stream_tickets')
    .where('ticket_hash', '=', ticketHash)
    .returning(['user_id', 'session_id', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at.getTime() > Date.now() ? row : undefined;
}

export async function deleteExpiredTickets(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('stream_tickets')
    .where('user_id', '=', userId)
    .where('expires_at', '<', new Date())
    .execute();
}
