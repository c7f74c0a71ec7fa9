import { AppError } from '../../errors.ts';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../shared/principal.ts';
import { findPrincipalBySession } from '../auth/sessions.repository.ts';
import { hashSecret, newSecret } from '../auth/tokens.ts';
import { deleteExpiredTickets, insertTicket, redeemTicket } from './stream-tickets.repository.ts';

/** Long enough to open the stream right after asking; a leaked URL is useless a minute later. */
export const STREAM_TICKET_TTL_MS = 60_000;

/**
 * A single-use ticket for one event stream. EventSource cannot send the bearer header, and the
 * access token must not sit in a URL (logs, history), so the URL carries this instead: random,
 * stored only as a hash, valid for a minute, spent when the stream opens.
 */
export async function issueStreamTicket(db: Db, principal: Principal) {
  const ticket = newSecret();
  const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_MS);
  await deleteExpiredTickets(db, principal.userId);
  await insertTicket(db, {
    ticketHash: hashSecret(ticket),
    userId: principal.userId,
    sessionId: principal.sessionId,
    expiresAt,
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** Spends a ticket; the person behind it must still have a live session of a tenant user. */
export async function redeemStreamTicket(
  db: Db,
  ticket: string,
): Promise<{ userId: string; sessionId: string }> {
  const row = await redeemTicket(db, hashSecret(ticket));
  const person = row && (await findPrincipalBySession(db, row.session_id, row.user_id));
  if (!person || person.is_super_admin) throw new AppError('INVALID_STREAM_TICKET');
  return { userId: person.user_id, sessionId: row.session_id };
}
