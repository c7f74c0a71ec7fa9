import type { ChatEvent } from '@canopy/portal-contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The one NOTIFY channel every server instance listens on. */
export const CHAT_CHANNEL = 'canopy_chat';

/** What travels through NOTIFY: ids only (a payload must stay under 8,000 bytes), never content. */
export interface BusMessage {
  /** The stored event's sequence (the SSE `id`); null for typing, which is never stored. */
  seq: number | null;
  /** The two participants: the only people whose streams get it. */
  users: [string, string];
  event: ChatEvent;
}

/**
 * Stores a message, read or reaction event and notifies every instance. Call it inside the
 * transaction that made the change: PostgreSQL delivers the notification at commit, and a
 * rollback sends nothing.
 */
export async function recordEvent(
  trx: Db,
  conversationId: string,
  users: [string, string],
  event: Exclude<ChatEvent, { kind: 'typing' }>,
): Promise<number> {
  const { seq } = await trx
    .insertInto('chat_events')
    .values({
      conversation_id: conversationId,
      user_a: users[0],
      user_b: users[1],
      kind: event.kind,
      data: JSON.stringify(event),
    })
    .returning('seq')
    .executeTakeFirstOrThrow();
  await notify(trx, { seq, users, event });
  return seq;
}

/** Sends a bus message now (typing: ephemeral, not stored). */
export async function notify(db: Db, message: BusMessage): Promise<void> {
  await sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(message)})`.execute(db);
}

/** Stored events for `userId` after `afterSeq`, oldest first (the replay after a reconnect). */
export async function eventsAfter(
  db: Db,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<BusMessage[]> {
  const rows = await db
    .selectFrom('chat_events')
    .select(['seq', 'user_a', 'user_b', 'data'])
    .where((eb) => eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId)]))
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    users: [row.user_a, row.user_b],
    event: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as ChatEvent,
  }));
}

/** Drops stored events older than `maxAgeSeconds` (a reconnect that late reloads instead). */
export async function pruneEvents(db: Db, maxAgeSeconds: number): Promise<void> {
  await db
    .deleteFrom('chat_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${maxAgeSeconds})`)
    .execute();
}
