import type { ChatEvent } from '@canopy/portal-contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The one NOTIFY channel every server instance listens on. */
export const CHAT_CHANNEL = 'canopy_chat';

/** What travels through NOTIFY: ids only (a payload must stay under 8,000 bytes), never content. */
export interface BusMessage {
  /** The two participants: the only people whose streams get it. */
  users: [string, string];
  /**
   * Each participant's number for this event in their own list (the SSE `id` on their streams),
   * in the order of `users`; null for typing, which is never stored.
   */
  seqs: [number, number] | null;
  event: ChatEvent;
}

/** Also on the channel: an event stream opened (every instance applies the per-person cap). */
export interface StreamOpened {
  userId: string;
  streamId: string;
}

/** A stored event as one person's stream replays it. */
export interface StoredEvent {
  seq: number;
  event: ChatEvent;
}

/**
 * Stores a message, read or reaction event for both participants and notifies every instance.
 * Call it inside the transaction that made the change, after every other lock it takes: the
 * counter rows it bumps stay locked until commit, which is what makes each person's events commit
 * in the order of their numbers (see the migration `number_chat_events_per_person`). The two
 * counters are always bumped in id order, so two of these never wait on each other in a cycle.
 * PostgreSQL delivers the notification at commit, and a rollback sends nothing.
 */
export async function recordEvent(
  trx: Db,
  conversationId: string,
  users: [string, string],
  event: Exclude<ChatEvent, { kind: 'typing' }>,
): Promise<[number, number]> {
  const [first, second] = [...users].sort() as [string, string];
  const { rows } = await sql<{ user_id: string; seq: number }>`
    with bumped as (
      insert into chat_inboxes (user_id, last_seq) values (${first}, 1), (${second}, 1)
      on conflict (user_id) do update set last_seq = chat_inboxes.last_seq + 1
      returning user_id, last_seq
    )
    insert into chat_events (user_id, seq, conversation_id, kind, data)
    select user_id, last_seq, ${conversationId}, ${event.kind}, ${JSON.stringify(event)}::jsonb
    from bumped
    returning user_id, seq`.execute(trx);
  const seqOf = (userId: string) => Number(rows.find((row) => row.user_id === userId)?.seq);
  const seqs: [number, number] = [seqOf(users[0]), seqOf(users[1])];
  await notify(trx, { users, seqs, event });
  return seqs;
}

/** Sends a bus message now (typing: ephemeral, not stored; a stream opening). */
export async function notify(db: Db, message: BusMessage | StreamOpened): Promise<void> {
  await sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(message)})`.execute(db);
}

/** The number of the newest event of `userId` (0 before the first). */
export async function lastEventSeq(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_inboxes')
    .select('last_seq')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.last_seq) : 0;
}

/** Stored events of `userId` after `afterSeq`, oldest first (a replay, or a gap being filled). */
export async function eventsAfter(
  db: Db,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('chat_events')
    .select(['seq', 'data'])
    .where('user_id', '=', userId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
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
